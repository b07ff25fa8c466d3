import { Scorm12API, Scorm2004API } from 'scorm-again';
import { describe, expect, it } from 'vitest';
import {
  checkCollectionIndexes,
  completeUnsetStatusOnFinish,
  refuseContainerElements,
  refuseMalformedValues,
  type Scorm12Model,
  type ScormDataModelAccess,
} from './scorm-rules';

/** A SCORM 1.2 run-time as the player makes it, without a server (commits succeed locally). */
function api12(saved: Record<string, unknown> = {}) {
  const api = new Scorm12API({ logLevel: 5 });
  api.loadFromJSON({ ...saved, core: { ...((saved.core as object) ?? {}), student_id: '1' } }, '');
  const applied: string[] = [];
  completeUnsetStatusOnFinish(api as unknown as Scorm12Model, () => applied.push('applied'));
  return { api, applied, status: () => (api as unknown as Scorm12Model).cmi.core.lesson_status };
}

describe('SCORM 1.2: the LMS completes a SCO that finishes without a status', () => {
  it('sets "completed" when the SCO only calls LMSInitialize and LMSFinish (minimum calls)', () => {
    const { api, applied, status } = api12();
    expect(api.lmsInitialize('')).toBe('true');
    expect(api.lmsGetValue('cmi.core.lesson_status')).toBe('not attempted');
    expect(api.lmsFinish('')).toBe('true');
    expect(status()).toBe('completed');
    expect(applied).toEqual(['applied']);
  });

  it.each(['incomplete', 'failed', 'passed', 'browsed'])('keeps a status the SCO set (%s)', (value) => {
    const { api, applied, status } = api12();
    api.lmsInitialize('');
    expect(api.lmsSetValue('cmi.core.lesson_status', value)).toBe('true');
    api.lmsFinish('');
    expect(status()).toBe(value);
    expect(applied).toEqual([]);
  });

  it('keeps a status saved from an earlier session', () => {
    const { api, status } = api12({ core: { lesson_status: 'incomplete' } });
    api.lmsInitialize('');
    api.lmsFinish('');
    expect(status()).toBe('incomplete');
  });

  it('does nothing before LMSFinish, and nothing to SCORM 2004 (the LMS may not imply completion_status)', () => {
    const { api, status } = api12();
    api.lmsInitialize('');
    api.lmsCommit('');
    expect(status()).toBe('not attempted');
    const api2004 = new Scorm2004API({ logLevel: 5 });
    api2004.lmsInitialize('');
    api2004.lmsFinish('');
    expect(api2004.cmi.completion_status).toBe('unknown');
  });
});

describe('only leaf elements are data model elements', () => {
  it('SCORM 2004: GetValue and SetValue of a container are refused with 401 and leave the data model whole', () => {
    const api = new Scorm2004API({ logLevel: 5 });
    refuseContainerElements(api as unknown as ScormDataModelAccess, 401);
    api.Initialize('');
    for (const element of ['cmi', 'cmi.score', 'cmi.objectives', 'cmi.learner_preference', 'adl', 'adl.data']) {
      expect(api.SetValue(element, 'illegal'), element).toBe('false');
      expect(api.GetLastError(), element).toBe('401');
      expect(api.GetValue(element), element).toBe('');
      expect(api.GetLastError(), element).toBe('401');
    }
    expect(api.SetValue('cmi.location', 'page-2')).toBe('true');
    expect(api.GetValue('cmi.score._children').split(',').sort()).toEqual(['max', 'min', 'raw', 'scaled']);
    expect(api.GetValue('cmi.session_time')).toBe('');
    expect(api.GetLastError()).toBe('405');
    expect(api.Terminate('')).toBe('true');
  });

  it('SCORM 1.2: a container is an invalid argument (201)', () => {
    const api = new Scorm12API({ logLevel: 5 });
    refuseContainerElements(api as unknown as ScormDataModelAccess, 201);
    api.LMSInitialize('');
    for (const element of ['cmi', 'cmi.core', 'cmi.core.score', 'cmi.student_data']) {
      expect(api.LMSSetValue(element, 'x'), element).toBe('false');
      expect(api.LMSGetLastError(), element).toBe('201');
      expect(api.LMSGetValue(element), element).toBe('');
      expect(api.LMSGetLastError(), element).toBe('201');
    }
    expect(api.LMSGetValue('cmi.core.lesson_status')).toBe('not attempted');
    expect(api.LMSFinish('')).toBe('true');
  });
});

describe('SCORM 2004 collection indexes', () => {
  function api2004() {
    const api = new Scorm2004API({ logLevel: 5 });
    checkCollectionIndexes(api as unknown as ScormDataModelAccess);
    api.Initialize('');
    const call = (method: 'GetValue' | 'SetValue', element: string, value?: string) => [
      method === 'GetValue' ? api.GetValue(element) : api.SetValue(element, value!),
      api.GetLastError(),
    ];
    return { api, call };
  }

  it('GetValue of an entry the collection does not hold is a general get failure (301)', () => {
    const { call } = api2004();
    expect(call('GetValue', 'cmi.objectives.0.id')).toEqual(['', '301']);
    expect(call('GetValue', 'cmi.comments_from_lms.0.comment')).toEqual(['', '301']);
    expect(call('SetValue', 'cmi.interactions.0.id', 'i1')).toEqual(['true', '0']);
    expect(call('GetValue', 'cmi.interactions.0.objectives.0.id')).toEqual(['', '301']);
    expect(call('GetValue', 'cmi.interactions.00.id')).toEqual(['', '301']);
    expect(call('GetValue', 'cmi.interactions.0.id')).toEqual(['i1', '0']);
    expect(call('GetValue', 'cmi.interactions.0.objectives._count')).toEqual(['0', '0']);
  });

  it('SetValue past the next index or with a padded index is a general set failure (351); a new entry needs its id (408)', () => {
    const { call } = api2004();
    expect(call('SetValue', 'cmi.objectives.1.id', 'x')).toEqual(['false', '351']);
    expect(call('SetValue', 'cmi.interactions.01.id', 'x')).toEqual(['false', '351']);
    expect(call('SetValue', 'cmi.interactions.0.result', 'correct')).toEqual(['false', '408']);
    expect(call('SetValue', 'cmi.interactions.0.objectives.0.id', 'o')).toEqual(['false', '408']);
    expect(call('SetValue', 'cmi.interactions.0.id', 'i1')).toEqual(['true', '0']);
    expect(call('SetValue', 'cmi.interactions.0.result', 'correct')).toEqual(['true', '0']);
    expect(call('SetValue', 'cmi.interactions.0.objectives.0.id', 'o')).toEqual(['true', '0']);
    expect(call('SetValue', 'cmi.interactions.0.objectives.2.id', 'p')).toEqual(['false', '351']);
    expect(call('SetValue', 'cmi.comments_from_learner.0.comment', 'c')).toEqual(['true', '0']);
  });

  it('a new entry whose id is refused is not kept', () => {
    const { call } = api2004();
    expect(call('SetValue', 'cmi.objectives.0.id', '')).toEqual(['false', '406']);
    expect(call('GetValue', 'cmi.objectives._count')).toEqual(['0', '0']);
    expect(call('GetValue', 'cmi.objectives.0.id')).toEqual(['', '301']);
    expect(call('SetValue', 'cmi.objectives.0.id', 'a')).toEqual(['true', '0']);
    expect(call('SetValue', 'cmi.objectives.1.id', 'a')).toEqual(['false', '351']);
    expect(call('GetValue', 'cmi.objectives._count')).toEqual(['1', '0']);
    expect(call('SetValue', 'cmi.interactions.0.id', 'i')).toEqual(['true', '0']);
    expect(call('SetValue', 'cmi.interactions.0.objectives.0.id', '')).toEqual(['false', '406']);
    expect(call('GetValue', 'cmi.interactions.0.objectives._count')).toEqual(['0', '0']);
  });
});

describe('SCORM 2004 values of the wrong type', () => {
  it('refuses durations without their T or with an empty time part, and ids that begin urn: but are no URN', () => {
    const api = new Scorm2004API({ logLevel: 5 });
    refuseMalformedValues(api as unknown as ScormDataModelAccess);
    api.Initialize('');
    const set = (element: string, value: string) => [api.SetValue(element, value), api.GetLastError()];
    expect(set('cmi.session_time', 'P1Y6M14D4H15M6.34S')).toEqual(['false', '406']);
    expect(set('cmi.session_time', 'P1Y6M14DT')).toEqual(['false', '406']);
    for (const valid of ['P1Y6M14DT4H15M6.34S', 'PT15M', 'P14D', 'P1Y6MT6.34S', 'PT0H0M5S']) {
      expect(set('cmi.session_time', valid), valid).toEqual(['true', '0']);
    }
    expect(set('cmi.objectives.0.id', 'urn:')).toEqual(['false', '406']);
    expect(set('cmi.objectives.0.id', 'urn:adl:lms Test/OBJ01')).toEqual(['false', '406']);
    expect(set('cmi.objectives.0.id', 'urn:adl:lmsTest/OBJ01')).toEqual(['true', '0']);
    expect(set('cmi.interactions.0.id', 'Scene1_Slide3_MultiChoice_0_0')).toEqual(['true', '0']);
    expect(set('cmi.interactions.0.latency', 'P1Y6M14DT')).toEqual(['false', '406']);
    expect(set('cmi.interactions.0.objectives.0.id', 'urn:')).toEqual(['false', '406']);
  });
});
