import { describe, expect, it } from 'vitest';
import { invalidLeadFields } from './lead-form';

const valid = { name: 'Ana Ruiz', email: 'ana@example.com', phone: '' };

describe('invalidLeadFields', () => {
  it('when name, email and consent are given, then nothing is to correct; the phone is optional', () => {
    expect(invalidLeadFields(valid, true)).toEqual([]);
    expect(invalidLeadFields({ ...valid, phone: '+34 (91) 123-45-67' }, true)).toEqual([]);
  });

  it('when fields are missing or malformed, then each of them is named, in form order', () => {
    expect(invalidLeadFields({ name: '', email: 'ana@', phone: '12' }, false)).toEqual([
      'name',
      'email',
      'phone',
      'consent',
    ]);
    expect(invalidLeadFields({ ...valid, phone: 'call me' }, true)).toEqual(['phone']);
  });
});
