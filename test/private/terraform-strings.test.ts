import { escapeTemplateSequences } from '../../lib/private/terraform-strings';

describe('escapeTemplateSequences', () => {
  test('should escape template and directive starts in literal text', () => {
    expect(escapeTemplateSequences('a ${b} %{if c}')).toBe('a $${b} %%{if c}');
  });

  test('should keep cdktf tokens so they resolve to references', () => {
    expect(escapeTemplateSequences('x-${TfToken[TOKEN.12]}-${y}')).toBe('x-${TfToken[TOKEN.12]}-$${y}');
  });

  test('should leave sequences the caller already escaped', () => {
    expect(escapeTemplateSequences('$${aws:username} %%{x}')).toBe('$${aws:username} %%{x}');
  });
});
