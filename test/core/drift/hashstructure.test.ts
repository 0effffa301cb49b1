import {
  GoValue,
  fnv1_64,
  goBool,
  goInt64,
  goInterface,
  goMap,
  goPointer,
  goSlice,
  goString,
  goStruct,
  hashStructure,
  KARPENTER_HASH_OPTIONS,
} from '../../../lib/core/drift/hashstructure';

const NO_OPTIONS = { slicesAsSets: false, ignoreZeroValue: false, zeroNil: false };
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('hashstructure v2.0.2 port', () => {
  test('FNV-1 64, not FNV-1a: the published vectors of "" and "a"', () => {
    expect(fnv1_64(utf8('')).toString(16)).toBe('cbf29ce484222325');
    expect(fnv1_64(utf8('a')).toString(16)).toBe('af63bd4c8601b7be'); // FNV-1a would be af63dc4c8601ec8c
  });

  // mitchellh/hashstructure v2.0.2 hashstructure_examples_test.go:7-32 (ExampleHash, FormatV2, default options).
  test('ExampleHash: 1839806922502695369', () => {
    const v = goStruct('ComplexStruct', [
      { name: 'Name', value: goString('mitchellh') },
      { name: 'Age', value: { kind: 'int', bits: 64, signed: false, value: 64n } },
      {
        name: 'Metadata',
        value: goMap([
          [goString('car'), goInterface(goBool(true))],
          [goString('location'), goInterface(goString('California'))],
          [goString('siblings'), goInterface(goSlice([goString('Bob'), goString('John')]))],
        ]),
      },
    ]);
    expect(hashStructure(v, NO_OPTIONS).toString()).toBe('1839806922502695369');
    // map order does not matter
    const reversed = goStruct('ComplexStruct', [
      ...v.fields.slice(0, 2),
      { name: 'Metadata', value: goMap([...((v.fields[2].value as any).entries as [GoValue, GoValue][])].reverse()) },
    ]);
    expect(hashStructure(reversed, NO_OPTIONS)).toBe(hashStructure(v, NO_OPTIONS));
  });

  test('a struct with every field zero hashes as its type name alone under IgnoreZeroValue (hs:303-329)', () => {
    const zero = goStruct('Duration', [{ name: 'Duration', value: goInt64(0n) }]);
    expect(hashStructure(zero)).toBe(fnv1_64(utf8('Duration')));
    expect(hashStructure(goStruct('Duration', []))).toBe(fnv1_64(utf8('Duration')));
    expect(hashStructure(zero, NO_OPTIONS)).not.toBe(fnv1_64(utf8('Duration')));
  });

  test('slices as sets XOR their elements without a finish; without the option order matters', () => {
    const ab = goSlice([goString('a'), goString('b')]);
    const ba = goSlice([goString('b'), goString('a')]);
    expect(hashStructure(ab)).toBe(fnv1_64(utf8('a')) ^ fnv1_64(utf8('b')));
    expect(hashStructure(ba)).toBe(hashStructure(ab));
    expect(hashStructure(ab, NO_OPTIONS)).not.toBe(hashStructure(ba, NO_OPTIONS));
    expect(hashStructure(goSlice([goString('a'), goString('a')]))).toBe(0n);
  });

  test('a hash:"set" field is finished, a SlicesAsSets slice is not (hs:409-412)', () => {
    const elems = goSlice([goString('a'), goString('b')]);
    const tagged = goStruct('S', [{ name: 'F', value: elems, tag: 'set' }]);
    const untagged = goStruct('S', [{ name: 'F', value: elems }]);
    expect(hashStructure(tagged)).not.toBe(hashStructure(untagged));
    expect(hashStructure(tagged, NO_OPTIONS)).toBe(hashStructure(tagged));
  });

  test('ZeroNil hashes a nil pointer that is not a skipped field as the zero of its type; without it as int 0', () => {
    const nil = goPointer(null, goString(''));
    expect(hashStructure(goSlice([nil]))).toBe(fnv1_64(utf8('')));
    expect(hashStructure(goSlice([nil]), { ...KARPENTER_HASH_OPTIONS, zeroNil: false })).toBe(hashStructure(goInt64(0n)));
  });

  test('ignored and unexported fields are never hashed, but count for the zero check of their struct', () => {
    const withRaw = goStruct('NillableDuration', [
      { name: 'Duration', value: goPointer(null, goInt64(0n)) },
      { name: 'Raw', value: goSlice([]), tag: 'ignore' },
    ]);
    const outer = (inner: GoValue) => goStruct('T', [{ name: 'ExpireAfter', value: inner }]);
    // Raw is set, so the struct is not zero and the field is hashed (its value as the type name alone)
    expect(hashStructure(outer(withRaw))).not.toBe(hashStructure(goStruct('T', [])));
    const nilRaw = goStruct('NillableDuration', [
      { name: 'Duration', value: goPointer(null, goInt64(0n)) },
      { name: 'Raw', value: goSlice(null), tag: 'ignore' },
    ]);
    expect(hashStructure(outer(nilRaw))).toBe(hashStructure(goStruct('T', [])));
  });

  test('a hash:"string" field hashes what String() returns', () => {
    const q = goPointer(
      { kind: 'stringer', typeName: 'Quantity', string: '100Gi', zero: false },
      { kind: 'stringer', typeName: 'Quantity', string: '0', zero: true },
    );
    const asString = goStruct('B', [{ name: 'VolumeSize', value: goString('100Gi') }]);
    expect(hashStructure(goStruct('B', [{ name: 'VolumeSize', value: q, tag: 'string' }]))).toBe(hashStructure(asString));
    expect(() => hashStructure(goStruct('B', [{ name: 'VolumeSize', value: q }]))).toThrow(/hash:"string"/);
  });

  test('integers hash their sized little-endian bytes, bool as an int8', () => {
    expect(hashStructure(goInt64(1n))).toBe(fnv1_64(new Uint8Array([1, 0, 0, 0, 0, 0, 0, 0])));
    expect(hashStructure({ kind: 'int', bits: 32, signed: true, value: -1n })).toBe(fnv1_64(new Uint8Array([255, 255, 255, 255])));
    expect(hashStructure(goBool(true))).toBe(fnv1_64(new Uint8Array([1])));
  });
});
