// Problem type URIs: one per error kind, under the public URL's /problems/.
import { describe, expect, it } from 'vitest';
import { problemTypeUri } from '../../../api/http/problem-types.ts';

describe('problemTypeUri', () => {
  it('names the kind under {publicUrl}/problems/', () => {
    expect(problemTypeUri('https://lodging.example', 'invalid-parameter')).toBe('https://lodging.example/problems/invalid-parameter');
  });
});
