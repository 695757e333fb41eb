export { LibreOfficeConverter, type LibreOfficeSettings } from './libreoffice/libreoffice-converter.js';
export { OfficeError } from './office-error.js';
export { OfficePool } from './pool/office-pool.js';
