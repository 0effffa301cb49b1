/**
 * Escapes the template sequences Terraform would interpret in a literal string: every `${` and
 * `%{` becomes `$${` / `%%{`, except cdktf tokens (`${TfToken[...]}`, resolved to references at
 * synth) and sequences already escaped by the caller.
 */
export function escapeTemplateSequences(s: string): string {
  return s.replace(/(?<![$%])([$%])\{(?!TfToken\[)/g, '$1$1{');
}
