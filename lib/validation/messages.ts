/**
 * Every validation message, word for word from the spec (part 1 section 5, part 2 sections 5 and
 * 8), with its two slips corrected ("at least one", "Please"). Schemas and forms take their text
 * from here; tests compare against the literal strings so a typo here fails a test.
 *
 * Messages marked "(ours)" fill gaps where the spec has a rule but no text; see
 * docs/decisions/0003-validation-money-fees.md.
 */
export const MSG = {
  required: "Required Field",

  // registration
  usernameRegistration: "Use small letters, numbers, or underscore without space.",
  invalidFirstName: "Invalid First Name",
  invalidLastName: "Invalid Last Name",
  invalidPhone: "Invalid Phone Number",
  invalidEmail: "Invalid Email",
  passwordRule:
    "Enter minimum 12 characters with small letter, big letter, numbers, and symbols (!@#$%^*)",
  /** The reset form's wording: the same rule without the symbol list. */
  passwordRuleReset:
    "Enter minimum 12 characters with small letter, big letter, numbers, and symbols",
  passwordsNotMatching: "Passwords are not matching.",
  invalidAddress: "Invalid Address",
  invalidCity: "Invalid City",
  invalidPostalCode: "Invalid Postal code",
  invalidZipCode: "Invalid Zip code",
  invalidProvinceState: "Invalid Province/State",
  invalidCountry: "Invalid Country",
  invalidAk: "Something went wrong. Please check your url.",

  // Ask The Farmer
  firstNameRequired: "First Name is required",
  lastNameRequired: "Last Name is required",
  emailRequired: "Email is required",
  messageRequired: "Message is required",
  invalidMessage: "Invalid Message",
  messageTooLong: "It exceeded the character limit for the message",
  contactFarmerIssue: "Oops. There is an issue of contacting the farmer.",
  contactFarmerFormFailed: "Oopsy. Please check the form again.",

  // conversation
  conversationMessageRequired: "The message is required",
  conversationMessageTooLong: "Character limit: 1500",

  // review
  reviewEmpty: "The review content is empty.",
  reviewInvalid: "The review content is invalid.",
  reviewRate: "Please rate the product",

  // profile
  usernameProfile: "Invalid. Please use only numbers, small letters, and underscores",
  introductionInvalid: "Invalid. Please do not use any special symbols",
  invalidFileUploaded: "Invalid file uploaded.",

  // password change
  newPasswordEmpty: "New Password is empty.",
  confirmNewPasswordEmpty: "Confirm New Password is empty.",
  newPasswordMismatch: "New Password and Confirm New Password are mismatching.",

  // checkout options
  checkoutOptionRequired: "You need to enable at least one option.",

  // product form
  uploadImage: "Upload the image",
  invalidImageFile: "Invalid image file.",
  imageTooBig: "Image size is too big.",
  productNameRequired: "Product name is required",
  /** (ours) the spec: "'Product name is required' and similar". */
  productDetailRequired: "Product detail is required",
  productPriceRequired: "Product price is required",
  productWeightRequired: "Product weight is required",
  weightSymbolRequired: "Weight symbol is required",
  invalidName: "Invalid Name",
  invalidDetail: "Invalid Detail",
  invalidPrice: "Invalid Price",
  invalidValue: "Invalid Value",
  paymentOptionRequired: "You need to select at least one of the customer payment options",
  productFormFailed: "Oopsy, Something went wrong. Please check again.",

  // contact us
  invalidContent: "Invalid Content",
  contactFormFailed: "Oopsy. Something went wrong. Please check your form again.",

  // resellers
  invalidRate: "Invalid Rate",
  invalidDateRange: "Invalid date range",
  // (ours) a bound that is not a date, apart from a range that runs backwards (issue 42, item 9)
  invalidDateTime: "Invalid date: use dd/mm/yyyy, hh:mm:ss",
  incompleteDateTime: "Enter a complete date and time",
  resellerFormFailed: "Oops, Something went wrong. Please check the form again.",

  // (ours) rules the spec states without a message
  invalidCurrency: "Invalid Currency",
  invalidRadius: "Invalid Radius",
  invalidQuantity: "Invalid Quantity",
  invalidIdentifier: "Invalid Identifier",
  invalidPage: "Invalid Page",
  invalidStatus: "Invalid Status",
  invalidSelection: "Invalid Selection",
  currentPasswordEmpty: "Current Password is empty.",
} as const;

/** (ours) a length cap the spec does not state, so it has no text of its own. */
export function tooLongMessage(max: number): string {
  return `Use at most ${max} characters.`;
}

export type Message = (typeof MSG)[keyof typeof MSG];
