import { describe, expect, it } from 'vitest';
import { abbreviations, parseCommand, parseProperties, readTestCase } from './cts-reader';
import fs from 'node:fs';
import path from 'node:path';
import { CTS_DIR, ctsTestCase } from './packages';

const TABLE = abbreviations(`
I=doInitialize
GET=doGetValue
a=adl
c=cmi
n=nav
r=request
rv=request_valid
LOC=location
X=exit
INTR=interactions
CR=correct_responses
P=pattern
TY.c=choice
TY.m=matching
X.s=suspend
N.c=continue
tar={target=%s}
t=true
f=false
E.a=ab-initio
E=entry
less255=A characterstring value less than 255 characters
`);

describe('reading ADL test case files', () => {
  it('reads .properties as Java does: comments, continuation lines, escapes', () => {
    const text = '# comment\n! also\nkey=one\\\n    two\nu=\\u0057\\u0069 x\\:y\npath=M:\\ADL\\src\n';
    expect(parseProperties(text)).toEqual([
      ['key', 'onetwo'],
      ['u', 'Wi x:y'],
      ['path', 'M:ADLsrc'],
    ]);
  });

  it('expands the abbreviations of an element, a value and an expected value', () => {
    expect(parseCommand('SET->c~LOC!test->t->0', TABLE)).toEqual({
      call: 'SetValue',
      element: 'cmi.location',
      value: 'test',
      expectedReturn: 'true',
      expectedError: '0',
    });
    expect(parseCommand('SET->a~n~r!tar~activity_1~TY.c->t->0', TABLE).value).toBe('{target=activity_1}choice');
    expect(parseCommand('SET->c~X!X.s->t->0', TABLE).value).toBe('suspend');
    expect(parseCommand('SET->a~n~r!N.c->t->0', TABLE).value).toBe('continue');
    expect(parseCommand('GET->a~n~rv~TY.c~tar~activity_6->f->0', TABLE)).toMatchObject({
      element: 'adl.nav.request_valid.choice.{target=activity_6}',
      expectedReturn: 'false',
    });
    expect(parseCommand('GET->c~E->E.a->0', TABLE).expectedReturn).toBe('ab-initio');
  });

  it('keeps what is not an abbreviation, the special expected values and the parts of a value after its first "!"', () => {
    expect(parseCommand('I->illegal->f->201', TABLE)).toEqual({
      call: 'Initialize',
      element: 'illegal',
      expectedReturn: 'false',
      expectedError: '201',
    });
    expect(parseCommand('GES->0->less255->0', TABLE).expectedReturn).toBe('less255');
    expect(parseCommand('SET->c~LOC!a!b->t->0', TABLE)).toMatchObject({ value: 'a!b', expectedReturn: 'true' });
    // A field more than a call has is not part of its value (DDM sets a store from a line ending `…22->0->t->0` and
    // expects it back ending `…22`).
    expect(parseCommand('SET->c~LOC!xy->z->t->0', TABLE)).toMatchObject({ value: 'xy', expectedReturn: 'true' });
    expect(parseCommand('SET->!test->f->351', TABLE)).toMatchObject({ element: '', value: 'test' });
    expect(parseCommand('GET->c~INTR~6~CR~0~P!TY.m->a[.]b->0', TABLE)).toEqual({
      call: 'GetValue',
      element: 'cmi.interactions.6.correct_responses.0.pattern',
      interactionType: 'matching',
      expectedReturn: 'a[.]b',
      expectedError: '0',
    });
    expect(parseCommand('GET->a~DA~&tarID_1&~STR->->403', TABLE).element).toBe('adl.DA.&tarID_1&.STR');
    expect(() => parseCommand('SET->c~LOC', TABLE)).toThrow(/expected result/);
  });

  it('gives the deliveries in the order of the file, commands in index order, with the tester’s action', () => {
    const testCase = readTestCase(
      'X',
      [
        'title=X',
        'Act1V1.CUI=APIt1',
        'Act2V1.commands.1=GET->c~LOC->->403',
        'Act2V1.commands.0=I->->t->0',
        'Act1V2.commands.0=I->->t->0',
        'Act1V2.commands.1=c~LOC->x->0',
        'Act1V2.CUI=Exit',
      ].join('\n'),
      TABLE,
    );
    expect(testCase.info).toEqual({ title: 'X' });
    expect(testCase.malformed).toEqual(['Act1V2.commands.1']);
    expect(testCase.deliveries.map((d) => [d.activity, d.visit, d.commands.map((c) => c.call), d.cui])).toEqual([
      ['1', 1, [], 'APIt1'],
      ['2', 1, ['Initialize', 'GetValue'], undefined],
      ['1', 2, ['Initialize'], 'Exit'],
    ]);
  });

  it('reads a block whose key comes again after another block as a delivery of its own', () => {
    const testCase = readTestCase(
      'X',
      ['Act1V1.commands.0=I->->t->0', 'Act2V1.commands.0=I->->t->0', 'Act1V1.commands.0=I->->t->0'].join('\n'),
      TABLE,
    );
    expect(testCase.deliveries.map((d) => [d.activity, d.commands.length])).toEqual([
      ['1', 1],
      ['2', 1],
      ['1', 1],
    ]);
  });

  it('gives each delivery the tester’s questions about the LMS’s interface with their answers, in order', () => {
    const testCase = readTestCase(
      'X',
      [
        'Act1V1.UIQ=continue.disabled~toc.enabled.selectable@Activity 2',
        'Act1V1.UIA=Y~N',
        'Act1V1.commands.0=I->->t->0',
        'Act2V1.commands.0=I->->t->0',
        'Act2V1.UIQ=previous.enabled~continue.enabled',
        'Act2V1.UIA=N',
      ].join('\n'),
      TABLE,
    );
    expect(testCase.info).toEqual({});
    expect(testCase.deliveries.map((d) => [d.activity, d.commands.length, d.questions])).toEqual([
      [
        '1',
        1,
        [
          { question: 'continue.disabled', answer: true },
          { question: 'toc.enabled.selectable@Activity 2', answer: false },
        ],
      ],
      ['2', 1, []],
    ]);
    // Questions without their answers are a defect of the data: listed, not asked.
    expect(testCase.malformed).toEqual(['Act2V1.UIQ']);
  });

  it('reads the CTS data itself: the API case has its 30 commands in 3 deliveries; DDM spans two packages', () => {
    const api = ctsTestCase('API');
    expect(api.deliveries.map((d) => `${d.activity}V${d.visit}:${d.commands.length}`)).toEqual([
      '1V1:0',
      '2V1:1',
      '3V1:29',
    ]);
    expect(api.deliveries[2]!.commands[6]).toEqual({
      call: 'SetValue',
      element: 'cmi.location',
      value: 'test',
      expectedReturn: 'false',
      expectedError: '132',
    });
    expect(
      ctsTestCase('DDM')
        .deliveries.slice(0, 3)
        .map((d) => d.activity),
    ).toEqual(['1a', '2a', '1b']);
  });

  it('reads every test case of the suite, sequencing families included; one line of DMI names no call', () => {
    const files = fs.readdirSync(path.join(CTS_DIR, 'Courses/TestCases')).filter((f) => f.endsWith('.properties'));
    expect(files.length).toBeGreaterThan(180);
    const requests = new Set<string>();
    const malformed = files.flatMap((file) => {
      const testCase = ctsTestCase(file.replace(/\.properties$/, ''));
      expect(testCase.deliveries.length, file).toBeGreaterThan(0);
      for (const delivery of testCase.deliveries) {
        for (const c of delivery.commands) if (c.element === 'adl.nav.request') requests.add(c.value!);
      }
      return testCase.malformed.map((key) => `${testCase.id}:${key}`);
    });
    expect(malformed).toEqual(['DMI:Act3V2.commands.47']);
    // The questions about the LMS's interface, in 19 sequencing cases.
    const asking = files
      .map((file) => ctsTestCase(file.replace(/\.properties$/, '')))
      .filter((testCase) => testCase.deliveries.some((d) => d.questions.length > 0));
    expect(asking.length).toBe(19);
    expect(ctsTestCase('CM-01').deliveries[0]!.questions).toEqual([
      { question: 'continue.disabled', answer: true },
      { question: 'previous.enabled', answer: false },
      { question: 'toc.enabled.selectable@Activity 2', answer: false },
    ]);
    // Every navigation request the SCOs make is one of SCORM's, fully expanded.
    expect(
      [...requests].filter(
        (r) =>
          !/^(continue|previous|exit|exitAll|abandon|abandonAll|suspendAll|\{target=[^}~]+\}(choice|jump))$/.test(r),
      ),
    ).toEqual([]);
    expect(requests).toContain('{target=Activity-15}choice');
  });
});
