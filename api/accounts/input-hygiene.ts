// The console's rule for typed text (e-mails, names, key names) is the project's one rule, kept in model/ so the pipeline's suppressions share it.
export { cleanText, type CleanText } from '../../model/typed-text.ts';
