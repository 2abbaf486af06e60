// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { legalDocuments } from './content';
import type { LegalDocument, LegalSlug } from './content/types';

const slugs: LegalSlug[] = ['tos', 'privacy-notice', 'cookie-policy', 'data-processing', 'dmca'];

function textOf(doc: LegalDocument): string {
  return [doc.title, doc.intro, ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs])].join(
    '\n',
  );
}

function expectAll(slug: LegalSlug, phrases: (string | RegExp)[]) {
  const text = textOf(legalDocuments[slug]);
  for (const phrase of phrases) {
    if (typeof phrase === 'string') expect(text, `${slug}: "${phrase}"`).toContain(phrase);
    else expect(text, `${slug}: ${String(phrase)}`).toMatch(phrase);
  }
}

describe('legal documents', () => {
  it.each(slugs)('%s exists with a title, date, intro and sections', (slug) => {
    const doc = legalDocuments[slug];
    expect(doc).toBeDefined();
    expect(doc.slug).toBe(slug);
    expect(doc.title.length).toBeGreaterThan(0);
    expect(doc.updated).toBe('2026-11-21');
    expect(doc.intro.length).toBeGreaterThan(40);
    expect(doc.sections.length).toBeGreaterThan(3);
    for (const section of doc.sections) {
      expect(section.heading.length).toBeGreaterThan(0);
      expect(section.paragraphs.length).toBeGreaterThan(0);
      for (const p of section.paragraphs) expect(p.trim().length).toBeGreaterThan(20);
    }
  });

  it('has exactly the five documents', () => {
    expect(Object.keys(legalDocuments).sort()).toEqual([...slugs].sort());
  });

  it('contains no placeholder text or unfilled interpolation', () => {
    for (const slug of slugs) {
      const text = textOf(legalDocuments[slug]);
      expect(text).not.toMatch(/lorem ipsum|undefined|NaN|\[object|\$\{/i);
    }
  });

  it('every document names the operator and the self-hosting note', () => {
    for (const slug of slugs) {
      expectAll(slug, ['Musicbox Ltd, a company registered in England and Wales', 'self', 'host']);
    }
  });

  it('terms of service state the store terms', () => {
    expectAll('tos', [
      'UK',
      'England and Wales',
      /artists, labels and distributors/i,
      'customers',
      'balance',
      'tip',
      'verified',
      'limited functionality',
      'identity-verification e-mail within 7 days',
      '25%',
      'including tips',
      '5 euros',
      '30 days',
      '180 days',
      /no(t give)? refunds/i,
      'discretion',
      'within 1 year',
      'at least 13',
    ]);
  });

  it('privacy notice states retention, deletion, access requests, age and data categories', () => {
    expectAll('privacy-notice', [
      '24 months',
      '36 months',
      '18 months',
      'within 30 days',
      '45 days',
      'twice',
      '12 months',
      'under 13',
      'name',
      'surname',
      'email',
      'photo',
      'address',
      'social links',
      'biography',
      'payment data',
      'company data',
      'UK',
    ]);
  });

  it('data-processing agreement states breach, sub-processor, erasure and password terms', () => {
    expectAll('data-processing', [
      'within 24 hours',
      'within 5 days',
      'within 60 days',
      'at least 12 characters',
    ]);
  });

  it('takedown policy states the counter-notice restore window', () => {
    expectAll('dmca', ['10 business days', 'counter-notice', 'restore']);
  });

  it('cookie policy lists the cookies and storage used', () => {
    expectAll('cookie-policy', [
      '"session"',
      'httpOnly',
      '30 days',
      'XSRF-TOKEN',
      'darkTheme',
      'volume',
      'IndexedDB',
      'Cache Storage',
      'offline',
      'no advertising, analytics or other third-party tracking',
    ]);
  });
});
