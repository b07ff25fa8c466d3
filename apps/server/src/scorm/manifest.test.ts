import { courseRoutes } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { isScoDone } from '../domain/scorm-status.js';
import { parseManifest } from './manifest.js';

const SCORM12 = `<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schemaversion>1.2</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>Quiz</title>
    <item identifier="i1" identifierref="r1"><title>Quiz</title>
      <adlcp:masteryscore>80</adlcp:masteryscore>
      <adlcp:maxtimeallowed>00:30:00</adlcp:maxtimeallowed>
      <adlcp:timelimitaction>exit,message</adlcp:timelimitaction>
      <adlcp:datafromlms>mode=exam</adlcp:datafromlms>
    </item>
    <item identifier="i2" identifierref="r1"><title>Bad</title><adlcp:masteryscore>180</adlcp:masteryscore>
      <adlcp:timelimitaction>explode</adlcp:timelimitaction></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources>
</manifest>`;

const SCORM2004 = `<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>Exam</title>
    <item identifier="i1" identifierref="r1"><title>Exam</title>
      <adlcp:dataFromLMS>start=3</adlcp:dataFromLMS>
      <adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.75"/>
      <imsss:sequencing>
        <imsss:limitConditions attemptAbsoluteDurationLimit="PT1H"/>
        <imsss:objectives>
          <imsss:primaryObjective objectiveID="passed-exam" satisfiedByMeasure="true">
            <imsss:minNormalizedMeasure>0.6</imsss:minNormalizedMeasure>
          </imsss:primaryObjective>
          <imsss:objective objectiveID="part-a"><imsss:mapInfo targetObjectiveID="g-a"/></imsss:objective>
          <imsss:objective objectiveID="part-b"/>
        </imsss:objectives>
      </imsss:sequencing>
    </item>
    <item identifier="i2" identifierref="r1"><title>Plain</title>
      <imsss:sequencing><imsss:objectives><imsss:primaryObjective objectiveID="p"/></imsss:objectives></imsss:sequencing>
    </item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="index.html"/></resources>
</manifest>`;

const { NO_LAUNCH_VALUES } = courseRoutes;

describe('launch values from the manifest', () => {
  it('reads SCORM 1.2 mastery score, time limit, its action and launch data; out-of-range values are left out', () => {
    const [quiz, bad] = parseManifest(SCORM12).scos;
    expect(quiz!.launch).toEqual({
      ...NO_LAUNCH_VALUES,
      mastery_score: '80',
      max_time_allowed: '00:30:00',
      time_limit_action: 'exit,message',
      launch_data: 'mode=exam',
    });
    expect(bad!.launch).toEqual(NO_LAUNCH_VALUES);
  });

  it('reads SCORM 2004 launch data, completion threshold, time limit, objectives and the passing measure', () => {
    const [exam, plain] = parseManifest(SCORM2004).scos;
    expect(exam!.launch).toEqual({
      ...NO_LAUNCH_VALUES,
      launch_data: 'start=3',
      completion_threshold: '0.75',
      max_time_allowed: 'PT1H',
      scaled_passing_score: '0.6',
      objective_ids: ['passed-exam', 'part-a', 'part-b'],
    });
    // A primary objective not satisfied by measure gives no passing score.
    expect(plain!.launch).toEqual({ ...NO_LAUNCH_VALUES, objective_ids: ['p'] });
  });

  it('takes a completion threshold of 1.0 when the item completes by measure without a minProgressMeasure', () => {
    const threshold = (element: string) =>
      parseManifest(SCORM2004.replace(/<adlcp:completionThreshold [^>]*\/>/, element)).scos[0]!.launch
        .completion_threshold;
    expect(threshold('<adlcp:completionThreshold completedByMeasure="true"/>')).toBe('1.0');
    expect(threshold('<adlcp:completionThreshold completedByMeasure="false"/>')).toBe('');
    expect(threshold('<adlcp:completionThreshold>0.5</adlcp:completionThreshold>')).toBe('0.5');
  });
});

describe('a SCO is done', () => {
  it('SCORM 2004: passed, or completed unless failed (a failed quiz never counts)', () => {
    expect(isScoDone('2004', { success_status: 'passed', completion_status: 'incomplete' })).toBe(true);
    expect(isScoDone('2004', { completion_status: 'completed', success_status: 'unknown' })).toBe(true);
    expect(isScoDone('2004', { completion_status: 'completed', success_status: 'failed' })).toBe(false);
    expect(isScoDone('1.2', { core: { lesson_status: 'failed' } })).toBe(false);
  });
});

describe('items the organisation hides', () => {
  it('keeps an item with isvisible="false" out of the parts, as a SCO the sequencing may still deliver', () => {
    const hidden = SCORM2004.replace(
      '<item identifier="i2" identifierref="r1">',
      '<item identifier="i2" identifierref="r1" isvisible="false" parameters="?page=2">',
    );
    const manifest = parseManifest(hidden);
    expect(manifest.scos.map((sco) => sco.id)).toEqual(['i1']);
    expect(manifest.hiddenScos).toEqual([
      expect.objectContaining({ id: 'i2', title: 'Plain', href: 'index.html?page=2' }),
    ]);
    expect(parseManifest(SCORM2004).hiddenScos).toEqual([]);
  });
});
