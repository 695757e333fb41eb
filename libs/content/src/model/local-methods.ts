/** How warnings name the local methods that stand in for the model (or work without one). */
export const LOCAL_CLEANING = 'the local block classifier';
export const LOCAL_REDACTION = 'the local method (validated patterns and local NER)';
