import { pattern } from './pattern';

describe('pattern', () => {
  test('should read its text as regex source and match each value literally', () => {
    const re = pattern`^at \(${'a.b(c)'}\)\.\n {2}\d+$`;
    expect(re.source).toBe('^at \\(a\\.b\\(c\\)\\)\\.\\n {2}\\d+$');
    expect('at (a.b(c)).\n  42').toMatch(re);
    expect('at (aXb(c)).\n  42').not.toMatch(re);
  });

  test('should drop a line break and the indentation after it', () => {
    const re = pattern`first
      second`;
    expect(re.source).toBe('firstsecond');
  });
});
