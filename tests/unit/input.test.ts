import { describe, expect, it } from 'vitest';
import { cleanInput, cleanText, INT4_MAX, InputTooDeepError } from '#shared/input.ts';
import { z } from '#shared/zod.ts';
import { ProjectListRequestSchema } from '#shared/catalogue/catalogue.ts';

describe('what the database cannot store is removed at the edge', () => {
  it('strips NUL and replaces lone surrogates, leaving real text alone', () => {
    expect(cleanText('ab\u0000c')).toBe('abc');
    expect(cleanText('x\ud800y')).toBe('x\ufffdy');
    expect(cleanText('𠮷野家 XRD\t\n')).toBe('𠮷野家 XRD\t\n');
  });

  it('walks keys and values of nested bodies; "__proto__" stays a plain key', () => {
    const cleaned = cleanInput(
      JSON.parse('{"a\\u0000":["\\ud800",{"b":"\\u0000"}],"__proto__":{"x":1}}'),
    ) as Record<string, unknown>;
    expect(cleaned.a).toEqual(['\ufffd', { b: '' }]);
    expect(Object.getPrototypeOf(cleaned)).toBe(Object.prototype);
    expect(Object.hasOwn(cleaned, '__proto__')).toBe(true);
  });

  it('refuses absurd nesting instead of overflowing the stack', () => {
    const deep = JSON.parse('['.repeat(5000) + ']'.repeat(5000));
    expect(() => cleanInput(deep)).toThrow(InputTooDeepError);
  });

  it('ids beyond an integer column are refused in Chinese', () => {
    expect(ProjectListRequestSchema.safeParse({ typeId: INT4_MAX }).success).toBe(true);
    const res = ProjectListRequestSchema.safeParse({ typeId: INT4_MAX + 1 });
    expect(res.error?.issues[0].message).toBe('[服务类型]格式不正确');
  });
});

describe('every zod message is Chinese', () => {
  const schema = z.object({
    name: z.string().max(3),
    tags: z.array(z.string()).min(1),
    kind: z.enum(['a', 'b']),
  });
  const first = (input: unknown) => schema.safeParse(input).error?.issues[0].message;

  it('names the field the client sent', () => {
    expect(first([])).toBe('请求参数格式不正确');
    expect(first({ name: 1, tags: ['x'], kind: 'a' })).toBe('[name]格式不正确');
    expect(first({ name: 'abcd', tags: ['x'], kind: 'a' })).toBe('[name]不能超过3个字');
    expect(first({ name: 'a', tags: [], kind: 'a' })).toBe('[tags]至少1项');
    expect(first({ name: 'a', tags: [1], kind: 'a' })).toBe('[tags[0]]格式不正确');
    expect(first({ name: 'a', tags: ['x'], kind: 'c' })).toBe('[kind]的取值不正确');
  });

  it("a schema's own message wins", () => {
    expect(z.string({ error: '[手机号]格式不正确' }).safeParse(1).error?.issues[0].message).toBe(
      '[手机号]格式不正确',
    );
  });
});
