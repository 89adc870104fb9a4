/*
 * Test-only stand-in for Stripe.js (https://js.stripe.com/endive/stripe.js), served by
 * e2e/stripe-routes.ts in place of the real script, which this machine can never reach.
 *
 * It implements what @stripe/stripe-js (loadStripe) and @stripe/react-stripe-js (<Elements>,
 * <PaymentElement>, useStripe, useElements) call, and talks to https://api.stripe.com/v1 exactly
 * as Stripe.js would, so the page's Content-Security-Policy applies as in production; Playwright
 * routes that host to the Stripe fake (tests/stripe-fake).
 *
 * Differences from the real script, on purpose:
 * - the Payment Element renders plain, labelled inputs in the page (no iframe), so tests select
 *   them by label: group "Card", textboxes "Card number", "Expiration date", "Security code";
 * - 3-D Secure is a modal dialog "3D Secure authentication" with the buttons
 *   "Complete authentication" and "Fail authentication", which POST to the fake's
 *   /v1/{payment,setup}_intents/{id}/_fake_authenticate.
 *
 * Plain browser JavaScript with no build step: the browser runs this file as it is.
 */
(function () {
  "use strict";

  const API_URL = "https://api.stripe.com/v1";
  const CONNECTION_MESSAGE = "An error occurred with our connection to Stripe.";
  let idCounter = 0;

  // ---------------------------------------------------------------------------------------------
  // Talking to the API
  // ---------------------------------------------------------------------------------------------

  class IntegrationError extends Error {
    constructor(message) {
      super(message);
      this.name = "IntegrationError";
    }
  }

  /** Stripe's form encoding: nested objects become `a[b][c]=v`, arrays `a[0]=v`. */
  function encodeForm(params) {
    const pairs = [];
    (function walk(value, key) {
      if (value === undefined || value === null) return;
      if (typeof value === "object") {
        Object.keys(value).forEach(function (child) {
          walk(value[child], key ? key + "[" + child + "]" : child);
        });
        return;
      }
      pairs.push(encodeURIComponent(key) + "=" + encodeURIComponent(String(value)));
    })(params, "");
    return pairs.join("&");
  }

  /** Resolves `{ data }` or `{ error }` (Stripe's error object), never rejects. */
  async function callApi(config, method, path, params) {
    const query = method === "GET" && params ? "?" + encodeForm(params) : "";
    const headers = {
      Authorization: "Bearer " + config.publishableKey,
      "Content-Type": "application/x-www-form-urlencoded",
    };
    if (config.apiVersion) headers["Stripe-Version"] = config.apiVersion;
    if (config.stripeAccount) headers["Stripe-Account"] = config.stripeAccount;
    let response;
    try {
      response = await fetch(API_URL + path + query, {
        method: method,
        headers: headers,
        body: method === "GET" ? undefined : encodeForm(params || {}),
      });
    } catch {
      return { error: { type: "api_connection_error", message: CONNECTION_MESSAGE } };
    }
    const body = await response.json().catch(function () {
      return null;
    });
    if (!body) {
      return { error: { type: "api_error", message: "Stripe answered " + response.status + "." } };
    }
    if (!response.ok || body.error) return { error: body.error || { type: "api_error" } };
    return { data: body };
  }

  /** `pi_123_secret_abc` → `{ kind: "payment_intent", id: "pi_123" }`. */
  function parseClientSecret(clientSecret, caller) {
    const id = String(clientSecret || "").split("_secret_")[0];
    if (!/^(pi|seti)_/.test(id) || id === clientSecret) {
      throw new IntegrationError(caller + ": invalid value for clientSecret: " + clientSecret);
    }
    const kind = id.startsWith("pi_") ? "payment_intent" : "setup_intent";
    return { kind: kind, id: id, clientSecret: clientSecret };
  }

  function intentPath(intent) {
    return (intent.kind === "payment_intent" ? "/payment_intents/" : "/setup_intents/") + intent.id;
  }

  // ---------------------------------------------------------------------------------------------
  // Card fields: formatting and the Payment Element's validation messages
  // ---------------------------------------------------------------------------------------------

  function digitsOf(text) {
    return String(text || "").replace(/\D/g, "");
  }

  function cardBrand(number) {
    if (/^3[47]/.test(number)) return "amex";
    if (/^3(0[0-5]|[68])/.test(number)) return "diners";
    return "other";
  }

  function cardLength(number) {
    const brand = cardBrand(number);
    return brand === "amex" ? 15 : brand === "diners" ? 14 : 16;
  }

  function formatNumber(text) {
    const number = digitsOf(text).slice(0, cardLength(digitsOf(text)));
    const groups = cardBrand(number) === "amex" ? [4, 6, 5] : [4, 4, 4, 4];
    const parts = [];
    let start = 0;
    groups.forEach(function (size) {
      if (start < number.length) parts.push(number.slice(start, start + size));
      start += size;
    });
    return parts.join(" ");
  }

  function formatExpiry(text) {
    let digits = digitsOf(text);
    // typing "4" means April, as in Stripe's field
    if (/^[2-9]/.test(digits)) digits = "0" + digits;
    digits = digits.slice(0, 4);
    return digits.length <= 2 ? digits : digits.slice(0, 2) + " / " + digits.slice(2);
  }

  function passesLuhn(number) {
    let sum = 0;
    for (let i = 0; i < number.length; i += 1) {
      let digit = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    return sum % 10 === 0;
  }

  function fieldError(code, message) {
    return { type: "validation_error", code: code, message: message };
  }

  /** Each field's own problem as Stripe's validation error, or null when the field is fine. */
  const VALIDATORS = {
    number: function (card) {
      const number = digitsOf(card.number);
      if (number.length < cardLength(number)) {
        return fieldError("incomplete_number", "Your card number is incomplete.");
      }
      if (!passesLuhn(number)) return fieldError("invalid_number", "Your card number is invalid.");
      return null;
    },
    expiry: function (card) {
      const expiry = digitsOf(card.expiry);
      if (expiry.length < 4) {
        return fieldError("incomplete_expiry", "Your card's expiration date is incomplete.");
      }
      const month = Number(expiry.slice(0, 2));
      const year = 2000 + Number(expiry.slice(2));
      const now = new Date();
      if (month < 1 || month > 12) {
        return fieldError("invalid_expiry_month", "Your card's expiration date is invalid.");
      }
      if (year < now.getFullYear()) {
        return fieldError(
          "invalid_expiry_year_past",
          "Your card's expiration year is in the past.",
        );
      }
      if (year === now.getFullYear() && month < now.getMonth() + 1) {
        return fieldError(
          "invalid_expiry_month_past",
          "Your card's expiration date is in the past.",
        );
      }
      return null;
    },
    cvc: function (card) {
      const isShort =
        digitsOf(card.cvc).length < (cardBrand(digitsOf(card.number)) === "amex" ? 4 : 3);
      return isShort
        ? fieldError("incomplete_cvc", "Your card's security code is incomplete.")
        : null;
    },
  };

  /** The first field's problem in reading order, or null when the card is complete. */
  function validateCard(card) {
    return VALIDATORS.number(card) || VALIDATORS.expiry(card) || VALIDATORS.cvc(card);
  }

  /** The card as the API takes it under `payment_method_data[card]` or `card`. */
  function cardParams(card) {
    const expiry = digitsOf(card.expiry);
    return {
      number: digitsOf(card.number),
      exp_month: String(Number(expiry.slice(0, 2))),
      exp_year: String(2000 + Number(expiry.slice(2))),
      cvc: digitsOf(card.cvc),
    };
  }

  // ---------------------------------------------------------------------------------------------
  // The Payment Element: real inputs rendered into the mount node
  // ---------------------------------------------------------------------------------------------

  const FIELDS = [
    {
      key: "number",
      label: "Card number",
      placeholder: "1234 1234 1234 1234",
      autocomplete: "cc-number",
      format: formatNumber,
    },
    {
      key: "expiry",
      label: "Expiration date",
      placeholder: "MM / YY",
      autocomplete: "cc-exp",
      format: formatExpiry,
    },
    {
      key: "cvc",
      label: "Security code",
      placeholder: "CVC",
      autocomplete: "cc-csc",
      format: function (text) {
        return digitsOf(text).slice(0, 4);
      },
    },
  ];

  function createPaymentElement(group, options) {
    const listeners = {};
    const inputs = {};
    const messages = {};
    let root = null;
    let isDestroyed = false;
    let isReadOnly = Boolean(options && options.readOnly);

    function emit(event, payload) {
      (listeners[event] || []).slice().forEach(function (handler) {
        handler(Object.assign({ elementType: "payment" }, payload));
      });
    }

    function card() {
      return { number: inputs.number.value, expiry: inputs.expiry.value, cvc: inputs.cvc.value };
    }

    function showError(key, message) {
      messages[key].textContent = message || "";
      messages[key].hidden = !message;
      inputs[key].setAttribute("aria-invalid", message ? "true" : "false");
      inputs[key].style.borderColor = message ? "#df1b41" : "#e6e6e6";
    }

    /** Stripe shows a field's problem once the customer leaves it, and every field's on submit. */
    function showProblem(key) {
      const problem = VALIDATORS[key](card());
      showError(key, problem ? problem.message : "");
    }

    function build(domNode) {
      root = document.createElement("fieldset");
      root.className = "StripeStandIn-PaymentElement";
      Object.assign(root.style, { border: "0", margin: "0", padding: "0", minWidth: "0" });
      const legend = document.createElement("legend");
      legend.textContent = "Card";
      Object.assign(legend.style, { fontWeight: "600", marginBottom: "8px", padding: "0" });
      root.appendChild(legend);
      FIELDS.forEach(function (field) {
        idCounter += 1;
        const id = "stripe-standin-" + field.key + "-" + idCounter;
        const wrapper = document.createElement("div");
        wrapper.style.marginBottom = "12px";
        const label = document.createElement("label");
        label.htmlFor = id;
        label.textContent = field.label;
        Object.assign(label.style, { display: "block", fontSize: "14px", marginBottom: "4px" });
        // no name attribute: the card never travels with the page's own form
        const input = document.createElement("input");
        input.id = id;
        input.type = "text";
        input.inputMode = "numeric";
        input.autocomplete = field.autocomplete;
        input.placeholder = field.placeholder;
        input.spellcheck = false;
        input.readOnly = isReadOnly;
        input.setAttribute("aria-describedby", id + "-error");
        Object.assign(input.style, {
          boxSizing: "border-box",
          width: "100%",
          padding: "10px 12px",
          border: "1px solid #e6e6e6",
          borderRadius: "5px",
          fontSize: "16px",
        });
        const message = document.createElement("p");
        message.id = id + "-error";
        message.hidden = true;
        Object.assign(message.style, { color: "#df1b41", fontSize: "14px", margin: "4px 0 0" });
        input.addEventListener("input", function () {
          input.value = field.format(input.value);
          showError(field.key, "");
          emitChange();
        });
        input.addEventListener("blur", function () {
          if (input.value) showProblem(field.key);
        });
        input.addEventListener("keydown", function (event) {
          if (event.key === "Escape") emit("escape", {});
        });
        inputs[field.key] = input;
        messages[field.key] = message;
        wrapper.append(label, input, message);
        root.appendChild(wrapper);
      });
      root.addEventListener("focusin", function (event) {
        if (!root.contains(event.relatedTarget)) emit("focus", {});
      });
      root.addEventListener("focusout", function (event) {
        if (!root.contains(event.relatedTarget)) emit("blur", {});
      });
      domNode.appendChild(root);
    }

    function emitChange() {
      const value = card();
      emit("change", {
        complete: validateCard(value) === null,
        empty: !value.number && !value.expiry && !value.cvc,
        collapsed: false,
        value: { type: "card" },
      });
    }

    const element = {
      mount: function (target) {
        const domNode = typeof target === "string" ? document.querySelector(target) : target;
        if (!domNode) throw new IntegrationError("The selector you specified did not match.");
        if (root) root.remove();
        build(domNode);
        // Stripe's iframe loads after mount; listeners attached right after mount still hear it
        setTimeout(function () {
          if (isDestroyed) return;
          emit("loaderstart", {});
          emit("ready", {});
        }, 20);
        return element;
      },
      unmount: function () {
        if (root) root.remove();
        root = null;
        return element;
      },
      destroy: function () {
        element.unmount();
        isDestroyed = true;
        group.forget(element);
      },
      on: function (event, handler) {
        (listeners[event] = listeners[event] || []).push(handler);
        return element;
      },
      once: function (event, handler) {
        function wrapper(payload) {
          element.off(event, wrapper);
          handler(payload);
        }
        return element.on(event, wrapper);
      },
      off: function (event, handler) {
        if (!handler) delete listeners[event];
        else listeners[event] = (listeners[event] || []).filter((h) => h !== handler);
        return element;
      },
      update: function (updates) {
        if (updates && "readOnly" in updates) {
          isReadOnly = Boolean(updates.readOnly);
          Object.keys(inputs).forEach((key) => (inputs[key].readOnly = isReadOnly));
        }
        return element;
      },
      focus: function () {
        if (inputs.number) inputs.number.focus();
        return element;
      },
      blur: function () {
        if (root && root.contains(document.activeElement)) document.activeElement.blur();
        return element;
      },
      clear: function () {
        Object.keys(inputs).forEach(function (key) {
          inputs[key].value = "";
          showError(key, "");
        });
        emitChange();
        return element;
      },
      collapse: function () {
        return element;
      },
    };

    /** Hooks for the Elements group and the confirm calls, not part of Stripe's API. */
    group.remember(element, {
      /** Resolves Stripe's validation error (and shows it by the field) or the card's params. */
      collect: function () {
        if (!root || isDestroyed) {
          return {
            error: {
              type: "validation_error",
              message: "The Payment Element is not mounted.",
            },
          };
        }
        FIELDS.forEach(function (field) {
          showProblem(field.key);
        });
        const problem = validateCard(card());
        return problem ? { error: problem } : { card: cardParams(card()) };
      },
    });
    return element;
  }

  // ---------------------------------------------------------------------------------------------
  // Elements group
  // ---------------------------------------------------------------------------------------------

  const internals = new WeakMap();

  function createElements(options) {
    const settings = Object.assign({}, options);
    let payment = null;
    const group = {
      remember: function (element, hooks) {
        internals.set(element, hooks);
        payment = element;
      },
      forget: function (element) {
        if (payment === element) payment = null;
      },
    };
    const elements = {
      create: function (type, elementOptions) {
        if (type !== "payment") {
          throw new IntegrationError(
            "The Stripe.js stand-in (tests/stripe-js) renders only the Payment Element, not " +
              JSON.stringify(type) +
              ".",
          );
        }
        if (payment) {
          throw new IntegrationError("Can only create one Element of type payment.");
        }
        return createPaymentElement(group, elementOptions);
      },
      getElement: function (type) {
        return type === "payment" ? payment : null;
      },
      update: function (updates) {
        Object.assign(settings, updates);
        return Promise.resolve();
      },
      fetchUpdates: function () {
        return Promise.resolve({});
      },
      on: function () {},
      submit: async function () {
        const collected = collectCard(elements);
        return collected.error ? { error: collected.error } : {};
      },
    };
    internals.set(elements, {
      clientSecret: function () {
        return settings.clientSecret;
      },
      payment: function () {
        return payment;
      },
    });
    return elements;
  }

  function collectCard(elements) {
    const group = internals.get(elements);
    if (!group) throw new IntegrationError("Invalid value for elements: pass stripe.elements().");
    const payment = group.payment();
    if (!payment) {
      return {
        error: { type: "validation_error", message: "Mount a Payment Element before confirming." },
      };
    }
    return internals.get(payment).collect();
  }

  // ---------------------------------------------------------------------------------------------
  // 3-D Secure: a modal dialog standing in for the issuer's page
  // ---------------------------------------------------------------------------------------------

  /** Shows the dialog and resolves "succeed" or "fail" once the customer chooses. */
  function askForAuthentication() {
    return new Promise(function (resolve) {
      idCounter += 1;
      const titleId = "stripe-standin-3ds-title-" + idCounter;
      const dialog = document.createElement("dialog");
      dialog.setAttribute("aria-labelledby", titleId);
      Object.assign(dialog.style, {
        maxWidth: "24rem",
        padding: "24px",
        border: "0",
        borderRadius: "8px",
        fontFamily: "system-ui, sans-serif",
      });
      const title = document.createElement("h2");
      title.id = titleId;
      title.textContent = "3D Secure authentication";
      Object.assign(title.style, { fontSize: "18px", margin: "0 0 8px" });
      const text = document.createElement("p");
      text.textContent =
        "Test page standing in for the card issuer: complete or fail the authentication.";
      const actions = document.createElement("div");
      Object.assign(actions.style, { display: "flex", gap: "8px", marginTop: "16px" });
      const complete = button("Complete authentication", "succeed");
      const fail = button("Fail authentication", "fail");
      actions.append(complete, fail);
      dialog.append(title, text, actions);

      function button(label, result) {
        const node = document.createElement("button");
        node.type = "button";
        node.textContent = label;
        Object.assign(node.style, { padding: "8px 12px", cursor: "pointer" });
        node.addEventListener("click", function () {
          choose(result);
        });
        return node;
      }

      function choose(result) {
        complete.disabled = true;
        fail.disabled = true;
        resolve({
          result: result,
          close: function () {
            dialog.close();
            dialog.remove();
          },
        });
      }

      // closing the challenge (Escape) abandons it, which the issuer counts as a failure
      dialog.addEventListener("cancel", function (event) {
        event.preventDefault();
        if (!complete.disabled) choose("fail");
      });
      document.body.appendChild(dialog);
      dialog.showModal();
      complete.focus();
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Intents: confirm, authenticate, and what the caller gets back
  // ---------------------------------------------------------------------------------------------

  function resultKey(intent) {
    return intent.kind === "payment_intent" ? "paymentIntent" : "setupIntent";
  }

  function intentError(intent, object) {
    const last =
      intent.kind === "payment_intent" ? object.last_payment_error : object.last_setup_error;
    const error = Object.assign(
      {
        type: "invalid_request_error",
        code: intent.kind + "_authentication_failure",
        message:
          "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
      },
      last,
    );
    error[intent.kind] = object;
    return { error: error };
  }

  /**
   * Follows an intent that the API just answered until it needs nothing more from the customer:
   * shows the 3-D Secure dialog when it requires action, and turns a failed attempt into `{ error }`.
   */
  async function settle(config, intent, object, handleActions) {
    if (object.status === "requires_action" && handleActions) {
      const choice = await askForAuthentication();
      const answer = await callApi(config, "POST", intentPath(intent) + "/_fake_authenticate", {
        client_secret: intent.clientSecret,
        result: choice.result,
      });
      choice.close();
      if (answer.error) return { error: answer.error };
      object = answer.data;
    }
    if (object.status === "requires_payment_method" || object.status === "canceled") {
      return intentError(intent, object);
    }
    const result = {};
    result[resultKey(intent)] = object;
    return result;
  }

  async function confirmIntent(config, intent, params, handleActions) {
    const answer = await callApi(
      config,
      "POST",
      intentPath(intent) + "/confirm",
      Object.assign({}, params, { client_secret: intent.clientSecret }),
    );
    if (answer.error) return { error: answer.error };
    return settle(config, intent, answer.data, handleActions);
  }

  /** Sends the browser to return_url with the query Stripe appends, as Stripe.js does. */
  function redirectTo(returnUrl, intent, object) {
    const url = new URL(returnUrl, window.location.href);
    url.searchParams.append(intent.kind, object.id);
    url.searchParams.append(intent.kind + "_client_secret", intent.clientSecret);
    url.searchParams.append(
      "redirect_status",
      object.status === "processing" ? "processing" : "succeeded",
    );
    window.location.assign(url.toString());
    // the page is leaving: like Stripe.js, never resolve
    return new Promise(function () {});
  }

  /** confirmPayment and confirmSetup: the card comes from the Payment Element. */
  async function confirmWithElements(config, kind, options) {
    const caller = kind === "payment_intent" ? "stripe.confirmPayment()" : "stripe.confirmSetup()";
    if (!options || !options.elements) {
      throw new IntegrationError(caller + ": the `elements` argument is required.");
    }
    const group = internals.get(options.elements);
    const intent = parseClientSecret(
      options.clientSecret || (group && group.clientSecret()),
      caller,
    );
    if (intent.kind !== kind) {
      throw new IntegrationError(caller + ": the client secret is for a different intent type.");
    }
    const confirmParams = Object.assign({}, options.confirmParams);
    const redirect = options.redirect || "always";
    if (redirect === "always" && !confirmParams.return_url) {
      throw new IntegrationError(
        caller +
          ": the `confirmParams.return_url` argument is required unless passing `redirect: 'if_required'`",
      );
    }
    const collected = collectCard(options.elements);
    if (collected.error) return { error: collected.error };
    const extra = confirmParams.payment_method_data || {};
    confirmParams.payment_method_data = Object.assign({}, extra, {
      type: "card",
      card: collected.card,
    });
    const result = await confirmIntent(config, intent, confirmParams, true);
    const object = result[resultKey(intent)];
    if (object && redirect === "always")
      return redirectTo(confirmParams.return_url, intent, object);
    return result;
  }

  /** confirmCardPayment and confirmCardSetup with a saved payment method id: never navigate. */
  async function confirmWithSavedCard(config, kind, clientSecret, data, options) {
    const caller =
      kind === "payment_intent" ? "stripe.confirmCardPayment()" : "stripe.confirmCardSetup()";
    const intent = parseClientSecret(clientSecret, caller);
    const params = Object.assign({}, data);
    if (params.payment_method && typeof params.payment_method !== "string") {
      throw new IntegrationError(
        caller + ": the stand-in takes only a saved payment method id as `payment_method`.",
      );
    }
    const handleActions = !options || options.handleActions !== false;
    return confirmIntent(config, intent, params, handleActions);
  }

  async function retrieveIntent(config, kind, clientSecret) {
    const intent = parseClientSecret(
      clientSecret,
      "stripe.retrieve" + (kind === "payment_intent" ? "PaymentIntent()" : "SetupIntent()"),
    );
    const answer = await callApi(config, "GET", intentPath(intent), {
      client_secret: clientSecret,
    });
    if (answer.error) return { error: answer.error };
    const result = {};
    result[resultKey(intent)] = answer.data;
    return result;
  }

  // ---------------------------------------------------------------------------------------------
  // window.Stripe
  // ---------------------------------------------------------------------------------------------

  function Stripe(publishableKey, options) {
    if (typeof publishableKey !== "string" || !publishableKey) {
      throw new IntegrationError("Please call Stripe() with your publishable key.");
    }
    const config = Object.assign({ publishableKey: publishableKey }, options);
    const stripe = {
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      elements: function (elementsOptions) {
        return createElements(elementsOptions);
      },
      confirmPayment: function (params) {
        return confirmWithElements(config, "payment_intent", params);
      },
      confirmSetup: function (params) {
        return confirmWithElements(config, "setup_intent", params);
      },
      confirmCardPayment: function (clientSecret, data, confirmOptions) {
        return confirmWithSavedCard(config, "payment_intent", clientSecret, data, confirmOptions);
      },
      confirmCardSetup: function (clientSecret, data, confirmOptions) {
        return confirmWithSavedCard(config, "setup_intent", clientSecret, data, confirmOptions);
      },
      retrievePaymentIntent: function (clientSecret) {
        return retrieveIntent(config, "payment_intent", clientSecret);
      },
      retrieveSetupIntent: function (clientSecret) {
        return retrieveIntent(config, "setup_intent", clientSecret);
      },
      handleNextAction: async function (params) {
        const clientSecret = params && params.clientSecret;
        const intent = parseClientSecret(clientSecret, "stripe.handleNextAction()");
        const retrieved = await retrieveIntent(config, intent.kind, clientSecret);
        if (retrieved.error) return retrieved;
        return settle(config, intent, retrieved[resultKey(intent)], true);
      },
      handleCardAction: function (clientSecret) {
        return stripe.handleNextAction({ clientSecret: clientSecret });
      },
      createPaymentMethod: async function (params) {
        const body = Object.assign({ type: "card" }, params && params.params);
        if (params && params.elements) {
          const collected = collectCard(params.elements);
          if (collected.error) return { error: collected.error };
          body.card = collected.card;
        }
        const answer = await callApi(config, "POST", "/payment_methods", body);
        return answer.error ? { error: answer.error } : { paymentMethod: answer.data };
      },
      createToken: async function () {
        return {
          error: {
            type: "invalid_request_error",
            message: "The Stripe.js stand-in does not create tokens; use the Payment Element.",
          },
        };
      },
    };
    return stripe;
  }

  // @stripe/stripe-js warns when the loaded release train differs from the one it expects
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();
