-- Custom SQL migration file, put your code below! --
-- product_terms: the keyword search's postings (decision 0014), one row per lexeme of an active
-- product's search_vector, kept by a trigger on products.

-- A whole name, lowercased, as 32 bits: a posting tells whether its product's name may be the
-- keyword (the search then reads the name itself, so a collision costs a read, never a wrong answer).
CREATE FUNCTION product_name_key(name text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ('x' || substr(md5(lower(coalesce(name, ''))), 1, 8))::bit(32)::integer
$$;
--> statement-breakpoint
-- A product's postings: one per lexeme of its search_vector, `in_name` for the name's (weight A).
-- The trigger, the fill below and the bench loader all derive them here.
CREATE FUNCTION product_terms_of(p products)
RETURNS TABLE (lexeme text, product_id integer, in_name boolean, merchant_id integer, name_key integer)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT t.lexeme, p.id, 'A' = ANY (t.weights), p.merchant_id, product_name_key(p.name)
  FROM unnest(p.search_vector) AS t
$$;
--> statement-breakpoint
-- The old postings go when the product stops being listed or its words or farm change; the new
-- ones come with the listed row. The delete reads the index by lexeme and product.
CREATE FUNCTION products_terms_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  listed_before boolean := TG_OP <> 'INSERT' AND OLD.status = 'active';
  listed_now boolean := TG_OP <> 'DELETE' AND NEW.status = 'active';
BEGIN
  IF listed_before AND listed_now
    AND OLD.search_vector = NEW.search_vector AND OLD.name = NEW.name
    AND OLD.merchant_id = NEW.merchant_id THEN
    RETURN NULL;
  END IF;
  IF listed_before THEN
    DELETE FROM product_terms
    WHERE lexeme = ANY (tsvector_to_array(OLD.search_vector)) AND product_id = OLD.id;
  END IF;
  IF listed_now THEN
    INSERT INTO product_terms (lexeme, product_id, in_name, merchant_id, name_key)
    SELECT * FROM product_terms_of(NEW);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_terms_sync
AFTER INSERT OR DELETE OR UPDATE OF name, detail, status, merchant_id ON products
FOR EACH ROW EXECUTE FUNCTION products_terms_sync();
--> statement-breakpoint
INSERT INTO product_terms (lexeme, product_id, in_name, merchant_id, name_key)
SELECT t.* FROM products AS p, product_terms_of(p) AS t
WHERE p.status = 'active';
