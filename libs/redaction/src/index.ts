export { type RedactedValue, redactDerived, redactedValues } from './derived-text.js';
export { isCardNumber, isIban, luhn } from './detectors/financial.js';
export { entropy } from './detectors/secrets.js';
export { type ModelRedaction, redactWithModel } from './model/redact-with-model.js';
export { findPii, redactionOptions, redactPii } from './redact-pii.js';
export * from './types.js';
