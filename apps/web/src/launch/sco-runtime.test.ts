import { courseRoutes } from '@portal/shared';
import { Scorm12API, Scorm2004API } from 'scorm-again';
import { describe, expect, it } from 'vitest';
import { seed12, seed2004 } from './sco-runtime';
import { testLaunch } from './test-launch';

type LaunchSco = courseRoutes.LaunchSco;

const NONE = courseRoutes.NO_LAUNCH_VALUES;

function launchOf(version: '1.2' | '2004', sco: Partial<LaunchSco>, mode: 'normal' | 'review' = 'normal') {
  const part: LaunchSco = { id: 's', title: 'S', href: 'index.html', cmi: null, done: false, launch: NONE, ...sco };
  const launch = testLaunch({ mode, scorm_version: version, scos: [part], complete: mode === 'review' });
  return { launch, part };
}

const withoutEmpty = (model: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(model).filter(([, v]) => v !== '' && v !== undefined));

describe('the run-time a launch is seeded with', () => {
  it('SCORM 1.2: credit and mode always set, the manifest mastery score applied, review in no-credit', () => {
    const { launch, part } = launchOf('1.2', { launch: { ...NONE, mastery_score: '80', launch_data: 'x=1' } });
    const api = new Scorm12API({ logLevel: 5, lmsCommitUrl: false });
    const model = seed12(launch, part);
    api.loadFromJSON({ ...model, student_data: withoutEmpty(model.student_data as Record<string, unknown>) }, '');
    expect(api.lmsInitialize('')).toBe('true');
    expect(api.lmsGetValue('cmi.core.credit')).toBe('credit');
    expect(api.lmsGetValue('cmi.core.lesson_mode')).toBe('normal');
    expect(api.lmsGetValue('cmi.core.entry')).toBe('ab-initio');
    expect(api.lmsGetValue('cmi.core.total_time')).toMatch(/^0{2,4}:00:00$/);
    expect(api.lmsGetValue('cmi.student_data.mastery_score')).toBe('80');
    expect(api.lmsGetValue('cmi.launch_data')).toBe('x=1');
    expect(api.lmsSetValue('cmi.suspend_data', 'x'.repeat(64000))).toBe('true');

    const review = launchOf('1.2', { cmi: { core: { lesson_status: 'passed', exit: 'suspend' } } }, 'review');
    const again = new Scorm12API({ logLevel: 5, lmsCommitUrl: false });
    again.loadFromJSON(seed12(review.launch, review.part), '');
    again.lmsInitialize('');
    expect(again.lmsGetValue('cmi.core.credit')).toBe('no-credit');
    expect(again.lmsGetValue('cmi.core.lesson_mode')).toBe('review');
    expect(again.lmsGetValue('cmi.core.entry')).toBe('resume');
  });

  it('SCORM 2004: objectives known from the start, passing score and threshold seeded, pass derived from the score', () => {
    const { launch, part } = launchOf('2004', {
      launch: {
        ...NONE,
        scaled_passing_score: '0.6',
        completion_threshold: '0.8',
        objective_ids: ['primary', 'part-a'],
      },
    });
    const api = new Scorm2004API({ logLevel: 5, lmsCommitUrl: false });
    api.loadFromJSON(withoutEmpty(seed2004(launch, part)), '');
    expect(api.lmsInitialize()).toBe('true');
    expect(api.lmsGetValue('cmi.objectives._count')).toBe('2');
    expect(api.lmsGetValue('cmi.objectives.1.id')).toBe('part-a');
    expect(api.lmsGetValue('cmi.scaled_passing_score')).toBe('0.6');
    expect(api.lmsGetValue('cmi.completion_threshold')).toBe('0.8');
    expect(api.lmsGetValue('cmi.credit')).toBe('credit');
    expect(api.lmsGetValue('cmi.mode')).toBe('normal');
    expect(api.lmsSetValue('cmi.objectives.1.score.scaled', '0.9')).toBe('true');
    expect(api.lmsSetValue('cmi.score.scaled', '0.4')).toBe('true');
    expect(api.lmsGetValue('cmi.success_status')).toBe('failed');
    expect(api.lmsSetValue('cmi.suspend_data', 'x'.repeat(64000))).toBe('true');
  });

  it('SCORM 2004: a SCO left suspended resumes its data; one that ended its attempt starts a new one, fresh', () => {
    const saved = {
      cmi: {
        exit: 'suspend',
        location: 'p-3',
        suspend_data: 'visit=2',
        total_time: 'PT1M',
        completion_status: 'incomplete',
      },
    };
    const start = (cmi: unknown, mode: 'normal' | 'review' = 'normal') => {
      const { launch, part } = launchOf('2004', { cmi: cmi as LaunchSco['cmi'] }, mode);
      const api = new Scorm2004API({ logLevel: 5, lmsCommitUrl: false });
      api.loadFromJSON(withoutEmpty(seed2004(launch, part)), '');
      api.lmsInitialize();
      return (element: string) => api.lmsGetValue(element);
    };
    const resumed = start(saved);
    expect(['entry', 'location', 'suspend_data', 'completion_status'].map((e) => resumed(`cmi.${e}`))).toEqual([
      'resume',
      'p-3',
      'visit=2',
      'incomplete',
    ]);
    expect(resumed('cmi.total_time')).toBe('PT1M');
    for (const exit of ['normal', 'time-out', '']) {
      const fresh = start({ cmi: { ...saved.cmi, exit } });
      expect(
        ['entry', 'location', 'suspend_data', 'completion_status'].map((e) => fresh(`cmi.${e}`)),
        exit,
      ).toEqual(['ab-initio', '', '', 'unknown']);
    }
    const review = start({ cmi: { ...saved.cmi, exit: 'normal', completion_status: 'completed' } }, 'review');
    expect([review('cmi.entry'), review('cmi.mode'), review('cmi.location'), review('cmi.completion_status')]).toEqual([
      '',
      'review',
      'p-3',
      'completed',
    ]);
  });
});
