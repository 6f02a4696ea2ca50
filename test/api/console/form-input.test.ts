// Console form and query parsing: data or one message per field; prototype names and repeated fields are refused, never looked up.
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FormInputError, errorOf, firstError, formChoice, formText, parseFields, parseForm, parseQuery, requireForm } from '../../../api/console/form-input.ts';
import { AppError } from '../../../platform/errors/app-error.ts';

const ROLL = z.object({ overlap: formChoice(['now', '24h', '7d'], 'Choose when the old key stops working.') });
const NAMED = z.object({ name: formText({ max: 5, required: 'Give a name.' }), note: formText() });

const posted = (body: unknown, url = '/console/x'): Request => ({ body, originalUrl: url }) as Request;
const fields = (...pairs: [string, unknown][]) => Object.fromEntries(pairs);

describe('parseForm', () => {
  it('returns the data of a form that fits its schema (extra fields such as the CSRF token are ignored)', () => {
    expect(parseForm(ROLL, posted(fields(['overlap', '24h'], ['_csrf', 't'])))).toEqual({ ok: true, data: { overlap: '24h' } });
  });

  it.each(['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf', ''])('refuses %j as an option value, naming the field', (value) => {
    const result = parseForm(ROLL, posted(fields(['overlap', value])));
    expect(result).toEqual({ ok: false, errors: { overlap: 'Choose when the old key stops working.' } });
  });

  it('refuses a missing choice and a repeated field', () => {
    expect(parseForm(ROLL, posted({}))).toMatchObject({ ok: false, errors: { overlap: expect.any(String) } });
    expect(parseForm(ROLL, posted(fields(['overlap', ['now', '7d']])))).toMatchObject({ ok: false, errors: { overlap: expect.any(String) } });
  });

  it('reads a missing text field as empty, and checks required and length rules with messages that name no value', () => {
    expect(parseForm(NAMED, posted(fields(['name', 'abc'])))).toEqual({ ok: true, data: { name: 'abc', note: '' } });
    expect(parseForm(NAMED, posted({}))).toEqual({ ok: false, errors: { name: 'Give a name.' } });
    expect(parseForm(NAMED, posted(fields(['name', 'abcdef'])))).toEqual({ ok: false, errors: { name: 'must be at most 5 characters' } });
  });

  it('a field named like a prototype member is just an unknown field; no body at all reads as an empty form', () => {
    const hostile = fields(['__proto__', 'x'], ['constructor', 'y'], ['toString', 'z'], ['overlap', 'now']);
    expect(parseForm(ROLL, posted(hostile))).toEqual({ ok: true, data: { overlap: 'now' } });
    expect(parseForm(ROLL, posted(undefined)).ok).toBe(false);
    expect(parseFields(ROLL, 'overlap=now').ok).toBe(false);
  });
});

describe('parseQuery', () => {
  const QUERY = z.object({ notice: z.string().optional().catch(undefined), country: formChoice(['es', 'fr'], 'Choose a country.').optional() });

  it('reads the query string of the request URL', () => {
    expect(parseQuery(QUERY, posted(undefined, '/console/x?notice=revoked&country=es'))).toEqual({ ok: true, data: { notice: 'revoked', country: 'es' } });
  });

  it('refuses prototype names as values and makes a repeated parameter an array that a text rule refuses', () => {
    expect(parseQuery(QUERY, posted(undefined, '/console/x?country=constructor'))).toEqual({ ok: false, errors: { country: 'Choose a country.' } });
    expect(parseQuery(QUERY, posted(undefined, '/console/x?notice=a&notice=b'))).toEqual({ ok: true, data: {} });
  });
});

describe('errors of a failed parse', () => {
  it('errorOf finds a field error by own name only; firstError says the first', () => {
    const errors = { overlap: 'Choose.' };
    expect(errorOf(errors, 'overlap')).toBe('Choose.');
    expect(errorOf(errors, 'toString')).toBeNull();
    expect(errorOf(null, 'overlap')).toBeNull();
    expect(firstError(errors)).toBe('Choose.');
  });

  it('requireForm throws a 400 of the error root whose public message names the field', () => {
    expect(() => requireForm(ROLL, posted(fields(['overlap', 'toString'])))).toThrow(FormInputError);
    try {
      requireForm(ROLL, posted({}));
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).code).toBe('invalid-form');
      expect((error as AppError).publicMessage).toContain('overlap');
    }
  });
});
