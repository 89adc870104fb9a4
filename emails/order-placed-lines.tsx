import { Column, Row, Section, Text } from "@react-email/components";
import { BRAND } from "./email-layout";

/** One order line, already formatted by the sender. */
export type OrderEmailLine = {
  name: string;
  qty: number;
  /** "$6.99 / 2 lbs" */
  unitPrice: string;
  lineTotal: string;
  farmer: string;
  /** "Pickup at the farm" or "Home delivery". */
  howToGet: string;
};

const cell = { fontSize: "15px", lineHeight: "22px", color: BRAND.stone700, margin: 0 };
const detail = { fontSize: "13px", lineHeight: "20px", color: BRAND.stone500, margin: 0 };

/** The lines of an order and their total, shared by the customer's and the farmer's mail. */
export function OrderEmailLines({
  lines,
  totalLabel,
  total,
}: {
  lines: readonly OrderEmailLine[];
  totalLabel: string;
  total: string;
}) {
  return (
    <Section style={{ margin: "0 0 16px" }}>
      {lines.map((line, index) => (
        <Row key={index} style={{ borderBottom: "1px solid #e7e5e4", padding: "8px 0" }}>
          <Column>
            <Text style={{ ...cell, fontWeight: 600 }}>
              {line.name} × {line.qty}
            </Text>
            <Text style={detail}>
              {line.unitPrice} · {line.farmer} · {line.howToGet}
            </Text>
          </Column>
          <Column align="right" style={{ verticalAlign: "top", width: "110px" }}>
            <Text style={cell}>{line.lineTotal}</Text>
          </Column>
        </Row>
      ))}
      <Row style={{ padding: "8px 0" }}>
        <Column>
          <Text style={{ ...cell, fontWeight: 700 }}>{totalLabel}</Text>
        </Column>
        <Column align="right" style={{ width: "110px" }}>
          <Text style={{ ...cell, fontWeight: 700 }}>{total}</Text>
        </Column>
      </Row>
    </Section>
  );
}
