import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.js';
import { parseManifest } from '../manifest.js';
import { parseSequencing } from './activity-tree.js';
import type { ActivitySettings, ObjectiveMapInfoSettings, ObjectiveSettings } from './types.js';
import { SequencingError } from './values.js';

const CTS = path.resolve(repoRoot, '../shared/conformance/scorm2004-cts/Courses');
const cts = (id: string) => fs.readFileSync(path.join(CTS, `LMSTestPackage_${id}`, 'imsmanifest.xml'), 'utf8');

/** An activity as SCORM 2004 4th Edition's defaults make it (CAM 5.1.5: flow off, choice on, …). */
function activity(id: string, title: string, own: Partial<ActivitySettings> = {}): ActivitySettings {
  const { sequencingControls, deliveryControls, sequencingRules, ...rest } = own;
  return {
    id,
    title,
    isVisible: true,
    attemptLimit: null,
    attemptAbsoluteDurationLimit: null,
    activityAbsoluteDurationLimit: null,
    beginTimeLimit: null,
    endTimeLimit: null,
    timeLimitAction: null,
    objectives: [],
    sequencingControls: {
      choice: true,
      choiceExit: true,
      flow: false,
      forwardOnly: false,
      useCurrentAttemptObjectiveInfo: true,
      useCurrentAttemptProgressInfo: true,
      preventActivation: false,
      constrainChoice: false,
      rollupObjectiveSatisfied: true,
      rollupProgressCompletion: true,
      objectiveMeasureWeight: 1,
      selectionTiming: 'never',
      selectCount: null,
      randomizationTiming: 'never',
      randomizeChildren: false,
      ...sequencingControls,
    },
    deliveryControls: {
      tracked: true,
      completionSetByContent: false,
      objectiveSetByContent: false,
      ...deliveryControls,
    },
    sequencingRules: { preConditionRules: [], exitConditionRules: [], postConditionRules: [], ...sequencingRules },
    rollupRules: { rules: [] },
    rollupConsiderations: {
      requiredForSatisfied: 'always',
      requiredForNotSatisfied: 'always',
      requiredForCompleted: 'always',
      requiredForIncomplete: 'always',
      measureSatisfactionIfActive: true,
    },
    completionThreshold: { completedByMeasure: false, minProgressMeasure: 1, progressWeight: 1 },
    hideLmsUi: [],
    sharedDataMaps: [],
    ...rest,
  } as ActivitySettings;
}

/** The LMS controls ADL's test items hide: the tester moves on with the content's own requests or the LMS's Exit. */
const leaf = (id: string, title: string, own: Partial<ActivitySettings> = {}) =>
  activity(id, title, { hideLmsUi: ['continue', 'previous', 'suspendAll'], ...own });

const NO_FLAGS = {
  readSatisfiedStatus: false,
  readNormalizedMeasure: false,
  writeSatisfiedStatus: false,
  writeNormalizedMeasure: false,
  readCompletionStatus: false,
  writeCompletionStatus: false,
  readProgressMeasure: false,
  writeProgressMeasure: false,
  readRawScore: false,
  writeRawScore: false,
  readMinScore: false,
  writeMinScore: false,
  readMaxScore: false,
  writeMaxScore: false,
};
/** An `imsss:mapInfo` alone: it reads satisfaction and measure unless told otherwise. */
const imsssMap = (target: string, flags: Partial<ObjectiveMapInfoSettings> = {}): ObjectiveMapInfoSettings => ({
  targetObjectiveID: target,
  ...NO_FLAGS,
  readSatisfiedStatus: true,
  readNormalizedMeasure: true,
  ...flags,
});
/** An `adlseq:mapInfo` alone: it reads completion, progress and the scores unless told otherwise. */
const adlseqMap = (target: string, flags: Partial<ObjectiveMapInfoSettings> = {}): ObjectiveMapInfoSettings => ({
  targetObjectiveID: target,
  ...NO_FLAGS,
  readCompletionStatus: true,
  readProgressMeasure: true,
  readRawScore: true,
  readMinScore: true,
  readMaxScore: true,
  ...flags,
});
const objective = (id: string, mapInfo: ObjectiveMapInfoSettings[] = [], more: Partial<ObjectiveSettings> = {}) => ({
  objectiveID: id,
  satisfiedByMeasure: false,
  minNormalizedMeasure: 1,
  mapInfo,
  ...more,
});
const FLOW_ONLY = { sequencingControls: { choice: false, flow: true } } as Partial<ActivitySettings>;

describe('the activity tree of ADL conformance test packages', () => {
  it('OB-07b: a collection member’s rule with a measure threshold, objectives mapped to one global objective', () => {
    const tree = parseSequencing(cts('OB-07b'));
    expect(tree?.activityTree).toEqual(
      activity('OB-07b', 'LMS Test Content Package OB-07b', {
        ...FLOW_ONLY,
        children: [
          leaf('activity_1', 'Activity 1', {
            primaryObjective: objective('obj1', [imsssMap('gObj-OB07b', { writeNormalizedMeasure: true })]),
          }),
          leaf('activity_2', 'Activity 2', {
            primaryObjective: objective('obj1', [imsssMap('gObj-OB07b')]),
            sequencingRules: {
              preConditionRules: [
                {
                  action: 'skip',
                  conditionCombination: 'all',
                  conditions: [
                    {
                      condition: 'objectiveMeasureLessThan',
                      referencedObjective: 'obj1',
                      parameters: { threshold: 0.75 },
                    },
                  ],
                },
              ],
            } as ActivitySettings['sequencingRules'],
          }),
          leaf('activity_3', 'Activity 3', {
            primaryObjective: objective(''),
            objectives: [objective('obj1', [imsssMap('gObj-OB07b')])],
          }),
        ],
      }),
    );
    expect(tree?.launches).toEqual({
      activity_1: { href: 'resources/SequencingTest.htm?tc=OB-07b&act=1', scormType: 'sco' },
      activity_2: { href: 'resources/SequencingTest.htm?tc=OB-07b&act=2', scormType: 'sco' },
      activity_3: { href: 'resources/SequencingTest.htm?tc=OB-07b&act=3', scormType: 'sco' },
    });
    expect(tree).toMatchObject({ objectivesGlobalToSystem: true, sharedDataGlobalToSystem: true });
  });

  it('CO-07a: exit and post-condition rules, rollup switched off, completion shared through adlseq maps', () => {
    const skipIfCompleted = (objectiveId: string) => ({
      preConditionRules: [
        {
          action: 'skip',
          conditionCombination: 'all',
          conditions: [{ condition: 'completed', referencedObjective: objectiveId }],
        },
      ],
    });
    const noRollup = { rollupObjectiveSatisfied: false, rollupProgressCompletion: false };
    expect(parseSequencing(cts('CO-07a'))?.activityTree).toEqual(
      activity('CO-07a', 'LMS Test Content Package CO-07a', {
        sequencingControls: { choice: false, flow: true },
        sequencingRules: {
          exitConditionRules: [
            { action: 'exit', conditionCombination: 'all', conditions: [{ condition: 'satisfied' }] },
          ],
          postConditionRules: [
            {
              action: 'retry',
              conditionCombination: 'all',
              conditions: [{ condition: 'completed', operator: 'not' }],
            },
          ],
        },
        children: [
          leaf('activity_1', 'Activity 1', {
            sequencingRules: skipIfCompleted('obj1'),
            sequencingControls: noRollup,
            primaryObjective: objective('obj1', [adlseqMap('gObj-CO07-obj1')]),
          } as Partial<ActivitySettings>),
          leaf('activity_2', 'Activity 2', {
            sequencingRules: skipIfCompleted('obj2'),
            sequencingControls: noRollup,
            primaryObjective: objective('obj2', [adlseqMap('gObj-CO07-obj2')]),
          } as Partial<ActivitySettings>),
          leaf('activity_3', 'Activity 3', {
            primaryObjective: objective(''),
            objectives: [
              objective('obj1', [adlseqMap('gObj-CO07-obj1', { writeCompletionStatus: true })]),
              objective('obj2', [adlseqMap('gObj-CO07-obj2', { writeCompletionStatus: true })]),
            ],
          }),
        ],
      } as Partial<ActivitySettings>),
    );
  });

  it('OB-11a: imsss and adlseq maps of one objective, identifiers unescaped and trimmed, tracking off', () => {
    const adlTarget = 'gAdlObj - OB11a';
    expect(parseSequencing(cts('OB-11a'))?.activityTree).toEqual(
      activity('OB-11a', 'LMS Test Content Package OB-11a', {
        ...FLOW_ONLY,
        children: [
          leaf('activity_1', 'Activity 1', {
            primaryObjective: objective(''),
            objectives: [
              objective('obj', [
                imsssMap('gObj-OB11a', { readSatisfiedStatus: false, writeSatisfiedStatus: true }),
                adlseqMap(adlTarget, { writeMaxScore: true, writeCompletionStatus: true, writeProgressMeasure: true }),
              ]),
            ],
            deliveryControls: { tracked: false } as ActivitySettings['deliveryControls'],
          }),
          leaf('activity_2', 'Activity 2', {
            sequencingRules: {
              preConditionRules: [
                { action: 'skip', conditionCombination: 'all', conditions: [{ condition: 'satisfied' }] },
              ],
            } as ActivitySettings['sequencingRules'],
            primaryObjective: objective(''),
            objectives: [
              objective('obj', [imsssMap('gObj-OB11a', { writeSatisfiedStatus: true }), adlseqMap(adlTarget)]),
            ],
          }),
          leaf('activity_3', 'Activity 3', {
            primaryObjective: objective(''),
            objectives: [objective('obj', [imsssMap('gObj-OB11a')])],
            deliveryControls: { tracked: false } as ActivitySettings['deliveryControls'],
          }),
        ],
      }),
    );
  });

  it('RU-14a: a cluster with a rollup rule, a skip rule and flow, over a leaf that exits all', () => {
    expect(parseSequencing(cts('RU-14a'))?.activityTree).toEqual(
      activity('RU-14a', 'LMS Test Content Package RU-14a', {
        ...FLOW_ONLY,
        children: [
          activity('activity_1', 'Activity 1', {
            ...FLOW_ONLY,
            sequencingRules: {
              preConditionRules: [
                { action: 'skip', conditionCombination: 'all', conditions: [{ condition: 'satisfied' }] },
              ],
            } as ActivitySettings['sequencingRules'],
            rollupRules: {
              rules: [
                {
                  action: 'satisfied',
                  consideration: 'any',
                  minimumCount: 0,
                  minimumPercent: 0,
                  conditionCombination: 'any',
                  conditions: [{ condition: 'completed', operator: 'not' }],
                },
              ],
            },
            children: [
              leaf('activity_2', 'Activity 2'),
              leaf('activity_3', 'Activity 3', {
                sequencingRules: {
                  postConditionRules: [
                    { action: 'exitAll', conditionCombination: 'all', conditions: [{ condition: 'satisfied' }] },
                  ],
                } as ActivitySettings['sequencingRules'],
              }),
            ],
          }),
          leaf('activity_4', 'Activity 4'),
        ],
      }),
    );
  });

  it('CM-16: constrained choice on the root, items with no sequencing of their own', () => {
    expect(parseSequencing(cts('CM-16'))?.activityTree).toEqual(
      activity('CM-16', 'LMS Test Content Package CM-16', {
        sequencingControls: { constrainChoice: true } as ActivitySettings['sequencingControls'],
        children: [1, 2, 3].map((n) => leaf(`activity_${n}`, `Activity ${n}`)),
      }),
    );
  });

  it('SX-05: an item’s own objectives and rules replace those of the collection member it refers to', () => {
    const [, , cluster] = parseSequencing(cts('SX-05'))!.activityTree.children!;
    const [activity5, activity6] = cluster!.children![0]!.children!;
    const mapped = (id: string, target: string) =>
      objective(id, [imsssMap(target, { readNormalizedMeasure: false, writeSatisfiedStatus: true })]);
    expect(activity5!.primaryObjective).toEqual(objective('PRIMARYOBJ'));
    expect(activity5!.objectives).toEqual([mapped('obj-SX05-3a', 'gObj-SX05-3a')]);
    expect(activity6!.objectives).toEqual([
      mapped('obj-SX05-3a', 'gObj-SX05-3a'),
      mapped('obj-SX05-3b', 'gObj-SX05-3b'),
    ]);
    expect(activity6!.sequencingRules.preConditionRules).toEqual([
      {
        action: 'skip',
        conditionCombination: 'all',
        conditions: [{ condition: 'satisfied', referencedObjective: 'obj-SX05-3b' }],
      },
    ]);
    // activity_9 declares objectives only: the rules come from its collection member.
    const activity9 = parseSequencing(cts('SX-05'))!.activityTree.children![2]!.children![1]!.children![1]!;
    expect(activity9.sequencingRules.preConditionRules[0]?.conditions).toEqual([
      { condition: 'satisfied', referencedObjective: 'obj-SX05-4b' },
    ]);
    expect(activity9.sequencingRules.postConditionRules[0]?.action).toBe('retryAll');
  });

  it('CM-04a: an item’s own empty controlMode gives choice its default over the collection member’s choice="false"', () => {
    const [activity1] = parseSequencing(cts('CM-04a'))!.activityTree.children!;
    expect(activity1!.sequencingControls).toMatchObject({ choice: true, flow: false });
  });

  it('OB-06: the collection member’s adlseq maps reach the primary objective the item declares itself', () => {
    const [activity1] = parseSequencing(cts('OB-06'))!.activityTree.children!;
    const writes = { writeRawScore: true, writeMinScore: true, writeMaxScore: true, writeCompletionStatus: true };
    const map = adlseqMap('gObj-OB06', { ...writes, writeProgressMeasure: true });
    // The item's own imsss:mapInfo reads satisfaction and measure and writes both.
    const imsss = { readSatisfiedStatus: true, readNormalizedMeasure: true };
    expect(activity1!.primaryObjective).toEqual(
      objective('PRIMARYOBJ', [{ ...map, ...imsss, writeSatisfiedStatus: true, writeNormalizedMeasure: true }]),
    );
  });

  it('RU-01ab: an item’s empty rollup rules replace the rules of the collection member it refers to', () => {
    const cluster = parseSequencing(cts('RU-01ab'))!.activityTree.children![1]!;
    expect(cluster.id).toBe('activity_2');
    expect(cluster.rollupRules).toEqual({ rules: [] });
    expect(cluster.sequencingRules.exitConditionRules[0]?.action).toBe('exit');
  });

  const FAMILIES = ['CT', 'SX', 'RU', 'OB', 'CO', 'CM', 'MS', 'T'];
  const packages = fs
    .readdirSync(CTS)
    .filter((name) => FAMILIES.includes(name.replace(/^LMSTestPackage_/, '').split('-')[0]!))
    .map((name) => name.replace(/^LMSTestPackage_/, ''));

  it(`reads every package of the ${FAMILIES.join(', ')} families, each item a leaf with a launch or a cluster`, () => {
    expect(packages.length).toBeGreaterThan(180);
    for (const id of packages) {
      const xml = cts(id);
      const tree = parseSequencing(xml);
      expect(tree, id).not.toBeNull();
      const leaves: string[] = [];
      const walk = (a: ActivitySettings) => (a.children ? a.children.forEach(walk) : leaves.push(a.id));
      tree!.activityTree.children!.forEach(walk);
      expect(Object.keys(tree!.launches).sort(), id).toEqual(leaves.sort());
      expect(leaves.length, id).toBeGreaterThanOrEqual(parseManifest(xml).scos.length);
    }
  });
});

/** A SCORM 2004 manifest around the given items, with a resource `r` and an optional sequencing collection. */
const manifest = (items: string, { organization = '', collection = '', attributes = '' } = {}) => `<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="o"><organization identifier="o" ${attributes}><title>Course</title>${items}${organization}</organization></organizations>
  <resources xml:base="content/">
    <resource identifier="r" type="webcontent" adlcp:scormType="sco" href="part.html"/>
    <resource identifier="a" type="webcontent" adlcp:scormType="asset" xml:base="media/" href="page.html?x=1"/>
  </resources>
  ${collection ? `<imsss:sequencingCollection>${collection}</imsss:sequencingCollection>` : ''}
</manifest>`;
const item = (id: string, inner = '', attributes = '') =>
  `<item identifier="${id}" identifierref="r" ${attributes}><title>${id}</title>${inner}</item>`;

describe('the parts of a sequencing definition the test packages leave out', () => {
  it('reads limits, randomisation, rollup considerations, percent rollup, thresholds, shared data and presentation', () => {
    const tree = parseSequencing(
      manifest(
        `<item identifier="cluster"><title>Cluster</title>
          ${item(
            'one',
            `<adlcp:completionThreshold>0.75</adlcp:completionThreshold>
             <adlcp:timeLimitAction>exit,message</adlcp:timeLimitAction>
             <adlcp:data><adlcp:map targetID="notes" writeSharedData="false"/></adlcp:data>
             <adlnav:presentation><adlnav:navigationInterface>
               <adlnav:hideLMSUI>exitAll</adlnav:hideLMSUI><adlnav:hideLMSUI>exitAll</adlnav:hideLMSUI>
             </adlnav:navigationInterface></adlnav:presentation>
             <imsss:sequencing>
               <imsss:limitConditions attemptLimit="3" attemptAbsoluteDurationLimit="PT1H30M"/>
               <imsss:objectives>
                 <imsss:primaryObjective objectiveID="p" satisfiedByMeasure="1">
                   <imsss:minNormalizedMeasure>0.6</imsss:minNormalizedMeasure>
                 </imsss:primaryObjective>
               </imsss:objectives>
             </imsss:sequencing>`,
            'isvisible="false" parameters="?part=1"',
          )}
          <item identifier="two" identifierref="a" parameters="#start"><title>Two</title>
            <adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.5" progressWeight="0.25"/>
          </item>
          <imsss:sequencing>
            <imsss:controlMode choiceExit="false" forwardOnly="true" useCurrentAttemptObjectiveInfo="false"
              useCurrentAttemptProgressInfo="false"/>
            <imsss:rollupRules rollupObjectiveSatisfied="false" objectiveMeasureWeight="0.5">
              <imsss:rollupRule childActivitySet="atLeastPercent" minimumPercent="0.75">
                <imsss:rollupConditions conditionCombination="all">
                  <imsss:rollupCondition condition="activityProgressKnown"/>
                  <imsss:rollupCondition condition="attempted" operator="noOp"/>
                </imsss:rollupConditions>
                <imsss:rollupAction action="completed"/>
              </imsss:rollupRule>
              <imsss:rollupRule childActivitySet="atLeastCount" minimumCount="2">
                <imsss:rollupConditions><imsss:rollupCondition condition="satisfied" operator="not"/></imsss:rollupConditions>
                <imsss:rollupAction action="notSatisfied"/>
              </imsss:rollupRule>
            </imsss:rollupRules>
            <imsss:randomizationControls randomizationTiming="onEachNewAttempt" selectCount="1" reorderChildren="true"
              selectionTiming="once"/>
            <imsss:deliveryControls completionSetByContent="true"/>
            <adlseq:constrainedChoiceConsiderations preventActivation="true"/>
            <adlseq:rollupConsiderations requiredForSatisfied="ifAttempted" requiredForNotSatisfied="ifNotSkipped"
              requiredForCompleted="ifNotSuspended" requiredForIncomplete="always" measureSatisfactionIfActive="false"/>
          </imsss:sequencing>
        </item>`,
        { attributes: 'adlseq:objectivesGlobalToSystem="false"' },
      ),
    );
    expect(tree).toEqual({
      activityTree: activity('o', 'Course', {
        children: [
          activity('cluster', 'Cluster', {
            sequencingControls: {
              choiceExit: false,
              forwardOnly: true,
              useCurrentAttemptObjectiveInfo: false,
              useCurrentAttemptProgressInfo: false,
              rollupObjectiveSatisfied: false,
              objectiveMeasureWeight: 0.5,
              selectionTiming: 'once',
              selectCount: 1,
              randomizationTiming: 'onEachNewAttempt',
              randomizeChildren: true,
              preventActivation: true,
            } as ActivitySettings['sequencingControls'],
            deliveryControls: { completionSetByContent: true } as ActivitySettings['deliveryControls'],
            rollupRules: {
              rules: [
                {
                  action: 'completed',
                  consideration: 'atLeastPercent',
                  minimumCount: 0,
                  minimumPercent: 75,
                  conditionCombination: 'all',
                  conditions: [{ condition: 'progressKnown' }, { condition: 'attempted' }],
                },
                {
                  action: 'notSatisfied',
                  consideration: 'atLeastCount',
                  minimumCount: 2,
                  minimumPercent: 0,
                  conditionCombination: 'any',
                  conditions: [{ condition: 'satisfied', operator: 'not' }],
                },
              ],
            },
            rollupConsiderations: {
              requiredForSatisfied: 'ifAttempted',
              requiredForNotSatisfied: 'ifNotSkipped',
              requiredForCompleted: 'ifNotSuspended',
              requiredForIncomplete: 'always',
              measureSatisfactionIfActive: false,
            },
            children: [
              activity('one', 'one', {
                isVisible: false,
                attemptLimit: 3,
                attemptAbsoluteDurationLimit: 'PT1H30M',
                timeLimitAction: 'exit,message',
                primaryObjective: objective('p', [], { satisfiedByMeasure: true, minNormalizedMeasure: 0.6 }),
                completionThreshold: { completedByMeasure: true, minProgressMeasure: 0.75, progressWeight: 1 },
                hideLmsUi: ['exitAll'],
                sharedDataMaps: [{ targetID: 'notes', readSharedData: true, writeSharedData: false }],
              }),
              activity('two', 'Two', {
                completionThreshold: { completedByMeasure: true, minProgressMeasure: 0.5, progressWeight: 0.25 },
              }),
            ],
          }),
        ],
      }),
      launches: {
        one: { href: 'content/part.html?part=1', scormType: 'sco' },
        two: { href: 'content/media/page.html?x=1#start', scormType: 'asset' },
      },
      objectivesGlobalToSystem: false,
      sharedDataGlobalToSystem: true,
    });
  });

  it('reads an attempt limit of 0 as no limit', () => {
    const limited = (limit: string) =>
      parseSequencing(
        manifest(item('i', `<imsss:sequencing><imsss:limitConditions attemptLimit="${limit}"/></imsss:sequencing>`)),
      )!.activityTree.children![0]!.attemptLimit;
    expect(limited('0')).toBeNull();
    expect(limited('2')).toBe(2);
  });

  it('has no tree for a manifest without an organisation', () => {
    expect(
      parseSequencing(manifest('').replace(/<organizations[\s\S]*<\/organizations>/, '<organizations/>')),
    ).toBeNull();
  });
});

describe('a broken or unsupported sequencing definition', () => {
  const seq = (inner: string, attributes = '') =>
    item('i', `<imsss:sequencing ${attributes}>${inner}</imsss:sequencing>`);
  const rule = (kind: string, condition: string, action: string) =>
    `<imsss:sequencingRules><imsss:${kind}><imsss:ruleConditions>${condition}</imsss:ruleConditions>` +
    `<imsss:ruleAction action="${action}"/></imsss:${kind}></imsss:sequencingRules>`;
  it.each([
    [
      'an unknown collection member',
      seq('', 'IDRef="nowhere"'),
      /item "i": it refers to the sequencing collection member "nowhere", which does not exist/,
    ],
    [
      'a word for a boolean',
      seq('<imsss:controlMode flow="yes"/>'),
      /item "i": <controlMode> flow="yes" is neither true nor false/,
    ],
    [
      'an unknown rule condition',
      seq(rule('preConditionRule', '<imsss:ruleCondition condition="passed"/>', 'skip')),
      /condition="passed" is not one of satisfied/,
    ],
    [
      'a post-condition action in a pre-condition rule',
      seq(rule('preConditionRule', '<imsss:ruleCondition condition="always"/>', 'retry')),
      /action="retry" is not one of skip, disabled, hiddenFromChoice, stopForwardTraversal/,
    ],
    [
      'a rule without conditions',
      seq(rule('exitConditionRule', '', 'exit')),
      /<exitConditionRule> has no <ruleCondition>/,
    ],
    [
      'a condition on an undeclared objective',
      seq(rule('preConditionRule', '<imsss:ruleCondition condition="satisfied" referencedObjective="x"/>', 'skip')),
      /refers to the objective "x", which the activity does not declare/,
    ],
    [
      'a measure threshold out of range',
      seq(
        rule(
          'preConditionRule',
          '<imsss:ruleCondition condition="objectiveMeasureLessThan" measureThreshold="2"/>',
          'skip',
        ),
      ),
      /measureThreshold="2" is not a number from -1 to 1/,
    ],
    [
      'a minimum measure out of range',
      seq(
        '<imsss:objectives><imsss:primaryObjective objectiveID="p"><imsss:minNormalizedMeasure>1.5</imsss:minNormalizedMeasure></imsss:primaryObjective></imsss:objectives>',
      ),
      /<minNormalizedMeasure> is not a number from -1 to 1/,
    ],
    [
      'objectives without a primary objective',
      seq('<imsss:objectives><imsss:objective objectiveID="x"/></imsss:objectives>'),
      /<objectives> has no <primaryObjective>/,
    ],
    [
      'a map without a target',
      seq(
        '<imsss:objectives><imsss:primaryObjective objectiveID="p"><imsss:mapInfo/></imsss:primaryObjective></imsss:objectives>',
      ),
      /<mapInfo> has no targetObjectiveID/,
    ],
    [
      'a map on a primary objective without an ID',
      seq(
        '<imsss:objectives><imsss:primaryObjective><imsss:mapInfo targetObjectiveID="g"/></imsss:primaryObjective></imsss:objectives>',
      ),
      /maps to a global objective but has no objectiveID/,
    ],
    [
      'an objective declared twice',
      seq(
        '<imsss:objectives><imsss:primaryObjective objectiveID="p"/><imsss:objective objectiveID="p"/></imsss:objectives>',
      ),
      /the objective "p" is declared twice/,
    ],
    [
      'an adlseq map for no objective',
      seq(
        '<imsss:objectives><imsss:primaryObjective objectiveID="p"/></imsss:objectives><adlseq:objectives><adlseq:objective objectiveID="q"><adlseq:mapInfo targetObjectiveID="g"/></adlseq:objective></adlseq:objectives>',
      ),
      /<adlseq:objective> "q" names no objective of the activity/,
    ],
    [
      'a global objective mapped twice by one objective',
      seq(
        '<imsss:objectives><imsss:primaryObjective objectiveID="p"><imsss:mapInfo targetObjectiveID="g"/><imsss:mapInfo targetObjectiveID="g"/></imsss:primaryObjective></imsss:objectives>',
      ),
      /maps the global objective "g" twice/,
    ],
    [
      'a rollup rule without an action',
      seq(
        '<imsss:rollupRules><imsss:rollupRule><imsss:rollupConditions><imsss:rollupCondition condition="satisfied"/></imsss:rollupConditions></imsss:rollupRule></imsss:rollupRules>',
      ),
      /<rollupRule> needs <rollupConditions> and <rollupAction>/,
    ],
    [
      'a minimum percent above 1',
      seq(
        '<imsss:rollupRules><imsss:rollupRule childActivitySet="atLeastPercent" minimumPercent="75"><imsss:rollupConditions><imsss:rollupCondition condition="satisfied"/></imsss:rollupConditions><imsss:rollupAction action="satisfied"/></imsss:rollupRule></imsss:rollupRules>',
      ),
      /minimumPercent="75" is not a number from 0 to 1/,
    ],
    [
      'a rollup on a time limit (unsupported)',
      seq(
        '<imsss:rollupRules><imsss:rollupRule><imsss:rollupConditions><imsss:rollupCondition condition="timeLimitExceeded"/></imsss:rollupConditions><imsss:rollupAction action="satisfied"/></imsss:rollupRule></imsss:rollupRules>',
      ),
      /the rollup condition timeLimitExceeded is not supported/,
    ],
    [
      'an experienced duration limit (unsupported)',
      seq('<imsss:limitConditions attemptExperiencedDurationLimit="PT1H"/>'),
      /the limit condition attemptExperiencedDurationLimit is not supported/,
    ],
    [
      'a negative attempt limit',
      seq('<imsss:limitConditions attemptLimit="-1"/>'),
      /attemptLimit="-1" is not a whole number/,
    ],
    [
      'a malformed duration',
      seq('<imsss:limitConditions attemptAbsoluteDurationLimit="90 minutes"/>'),
      /is not a duration such as PT30M/,
    ],
    [
      'an unknown timing',
      seq('<imsss:randomizationControls selectionTiming="always"/>'),
      /selectionTiming="always" is not one of never, once, onEachNewAttempt/,
    ],
    [
      'an unknown rollup consideration',
      seq('<adlseq:rollupConsiderations requiredForSatisfied="never"/>'),
      /requiredForSatisfied="never" is not one of always/,
    ],
    [
      'an unknown LMS control to hide',
      item(
        'i',
        '<adlnav:presentation><adlnav:navigationInterface><adlnav:hideLMSUI>menu</adlnav:hideLMSUI></adlnav:navigationInterface></adlnav:presentation>',
      ),
      /<hideLMSUI>menu<\/hideLMSUI> is not one of continue/,
    ],
    [
      'an unknown time limit action',
      item('i', '<adlcp:timeLimitAction>stop</adlcp:timeLimitAction>'),
      /<timeLimitAction> "stop" is not one of/,
    ],
    [
      'a completion threshold above 1',
      item('i', '<adlcp:completionThreshold minProgressMeasure="1.2"/>'),
      /minProgressMeasure="1.2" is not a number from 0 to 1/,
    ],
    ['an item identifier used twice', item('i') + item('i'), /item "i": the identifier is used twice/],
    [
      'a leaf with nothing to launch',
      '<item identifier="i"><title>I</title></item>',
      /item "i": it has neither items nor a resource to launch/,
    ],
    [
      'a leaf launching a missing resource',
      '<item identifier="i" identifierref="gone"><title>I</title></item>',
      /it launches the resource "gone", which has no href or does not exist/,
    ],
  ])('refuses %s with a message naming the item and the problem', (_what, items, message) => {
    expect(() => parseSequencing(manifest(items))).toThrow(SequencingError);
    expect(() => parseSequencing(manifest(items))).toThrow(message);
  });

  it('leaves out a collection member’s adlseq objective that names none of the item’s objectives', () => {
    const member = `<imsss:sequencing ID="c"><imsss:objectives><imsss:primaryObjective objectiveID="p"/></imsss:objectives>
      <adlseq:objectives><adlseq:objective objectiveID="p"><adlseq:mapInfo targetObjectiveID="g"/></adlseq:objective>
      </adlseq:objectives></imsss:sequencing>`;
    const own = `<imsss:sequencing IDRef="c"><imsss:objectives><imsss:primaryObjective objectiveID="q"/>
      </imsss:objectives></imsss:sequencing>`;
    const tree = parseSequencing(manifest(item('i', own), { collection: member }))!;
    expect(tree.activityTree.children![0]!.primaryObjective).toEqual(objective('q'));
  });

  it('refuses a collection member without an ID, one used twice, and one that refers to another', () => {
    const member = (attributes: string) => `<imsss:sequencing ${attributes}/>`;
    expect(() => parseSequencing(manifest(item('i'), { collection: member('') }))).toThrow(
      /the sequencing collection: a <sequencing> in it has no ID/,
    );
    expect(() => parseSequencing(manifest(item('i'), { collection: member('ID="c"') + member('ID="c"') }))).toThrow(
      /sequencing collection member "c": the ID is used twice/,
    );
    expect(() => parseSequencing(manifest(item('i'), { collection: member('ID="c" IDRef="d"') }))).toThrow(
      /member "c": it refers to another member/,
    );
  });
});
