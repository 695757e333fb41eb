export { OfficeError } from './office-error.js';
export { OfficePool } from './pool/office-pool.js';
