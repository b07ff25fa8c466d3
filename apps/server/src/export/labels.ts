import type { CourseStatus, Language } from '@portal/shared';
import type { BundleState } from '../db/result-exports.js';

export interface ExportLabels {
  sheets: {
    results: string;
    courses: string;
    completions: string;
    attempts: string;
    cma: string;
    instructions: string;
  };
  name: string;
  surname: string;
  login: string;
  department: string;
  position: string;
  longTerm: string;
  completedSuffix: string;
  yes: string;
  no: string;
  course: string;
  type: string;
  types: { mandatory: string; optional: string };
  assigned: string;
  assignedBy: { position: string; additional: string };
  status: string;
  completedOn: string;
  validUntil: string;
  source: string;
  sources: { scorm: string; message: string; manual: string; import: string };
  recordedBy: string;
  attempt: string;
  started: string;
  lastOpened: string;
  score: string;
  timeSpent: string;
  /** What the run-time reported (SCORM's status words); another word is shown as it came. */
  scormStatuses: Record<string, string>;
  statuses: Record<CourseStatus, string>;
  bundleStates: Record<BundleState, string>;
}

/** Export headers and status words in the portal's four languages. */
export const EXPORT_LABELS: Record<Language, ExportLabels> = {
  lv: {
    sheets: {
      results: 'Rezultāti',
      courses: 'Kursi',
      completions: 'Pabeigšanas',
      attempts: 'Mēģinājumi',
      cma: 'CMA',
      instructions: 'Instrukcijas',
    },
    name: 'Vārds',
    surname: 'Uzvārds',
    login: 'PIN / lietotājvārds',
    department: 'Veikals / nodaļa',
    position: 'Amats',
    longTerm: 'Ilgstoša prombūtne',
    completedSuffix: 'pabeigts',
    yes: 'Jā',
    no: 'Nē',
    course: 'Kurss',
    type: 'Veids',
    types: { mandatory: 'Obligāts', optional: 'Izvēles' },
    assigned: 'Piešķirts',
    assignedBy: { position: 'Amatam', additional: 'Papildu' },
    status: 'Statuss',
    completedOn: 'Pabeigts',
    validUntil: 'Derīgs līdz',
    source: 'Avots',
    sources: { scorm: 'Kurss (SCORM)', message: 'Kurss', manual: 'Manuāli', import: 'Imports' },
    recordedBy: 'Reģistrēja',
    attempt: 'Mēģinājums',
    started: 'Sākts',
    lastOpened: 'Pēdējoreiz atvērts',
    score: 'Rezultāts',
    timeSpent: 'Pavadītais laiks',
    scormStatuses: {
      passed: 'Nokārtots',
      failed: 'Nav nokārtots',
      completed: 'Pabeigts',
      incomplete: 'Nav pabeigts',
      browsed: 'Apskatīts',
      'not attempted': 'Nav sākts',
      unknown: 'Nav zināms',
    },
    statuses: {
      not_assigned: 'Nav piešķirts',
      incomplete: 'Nav pabeigts',
      complete: 'Pabeigts',
      'expires-soon': 'Drīz beigsies termiņš',
      expired: 'Termiņš beidzies',
    },
    bundleStates: { not_assigned: 'Nav piešķirts', not_seen: 'Nav skatīts', seen: 'Skatīts', complete: 'Pabeigts' },
  },
  lt: {
    sheets: {
      results: 'Rezultatai',
      courses: 'Kursai',
      completions: 'Užbaigimai',
      attempts: 'Bandymai',
      cma: 'CMA',
      instructions: 'Instrukcijos',
    },
    name: 'Vardas',
    surname: 'Pavardė',
    login: 'PIN / prisijungimo vardas',
    department: 'Parduotuvė / padalinys',
    position: 'Pareigos',
    longTerm: 'Ilgalaikis nebuvimas',
    completedSuffix: 'užbaigta',
    yes: 'Taip',
    no: 'Ne',
    course: 'Kursas',
    type: 'Tipas',
    types: { mandatory: 'Privalomas', optional: 'Pasirenkamas' },
    assigned: 'Priskirta',
    assignedBy: { position: 'Pareigoms', additional: 'Papildomas' },
    status: 'Būsena',
    completedOn: 'Užbaigta',
    validUntil: 'Galioja iki',
    source: 'Šaltinis',
    sources: { scorm: 'Kursas (SCORM)', message: 'Kursas', manual: 'Rankiniu būdu', import: 'Importas' },
    recordedBy: 'Užregistravo',
    attempt: 'Bandymas',
    started: 'Pradėta',
    lastOpened: 'Paskutinį kartą atidaryta',
    score: 'Rezultatas',
    timeSpent: 'Praleistas laikas',
    scormStatuses: {
      passed: 'Išlaikyta',
      failed: 'Neišlaikyta',
      completed: 'Užbaigta',
      incomplete: 'Neužbaigta',
      browsed: 'Peržiūrėta',
      'not attempted': 'Nepradėta',
      unknown: 'Nežinoma',
    },
    statuses: {
      not_assigned: 'Nepriskirta',
      incomplete: 'Neužbaigta',
      complete: 'Užbaigta',
      'expires-soon': 'Greitai baigsis galiojimas',
      expired: 'Galiojimas pasibaigė',
    },
    bundleStates: { not_assigned: 'Nepriskirta', not_seen: 'Neperžiūrėta', seen: 'Peržiūrėta', complete: 'Užbaigta' },
  },
  ee: {
    sheets: {
      results: 'Tulemused',
      courses: 'Kursused',
      completions: 'Läbimised',
      attempts: 'Katsed',
      cma: 'CMA',
      instructions: 'Juhendid',
    },
    name: 'Eesnimi',
    surname: 'Perekonnanimi',
    login: 'PIN / kasutajanimi',
    department: 'Kauplus / osakond',
    position: 'Ametikoht',
    longTerm: 'Pikaajaline eemalviibimine',
    completedSuffix: 'läbitud',
    yes: 'Jah',
    no: 'Ei',
    course: 'Kursus',
    type: 'Tüüp',
    types: { mandatory: 'Kohustuslik', optional: 'Valikuline' },
    assigned: 'Määratud',
    assignedBy: { position: 'Ametikohale', additional: 'Lisakursus' },
    status: 'Olek',
    completedOn: 'Läbitud',
    validUntil: 'Kehtib kuni',
    source: 'Allikas',
    sources: { scorm: 'Kursus (SCORM)', message: 'Kursus', manual: 'Käsitsi', import: 'Import' },
    recordedBy: 'Registreeris',
    attempt: 'Katse',
    started: 'Alustatud',
    lastOpened: 'Viimati avatud',
    score: 'Tulemus',
    timeSpent: 'Kulunud aeg',
    scormStatuses: {
      passed: 'Sooritatud',
      failed: 'Ebaõnnestunud',
      completed: 'Lõpetatud',
      incomplete: 'Lõpetamata',
      browsed: 'Sirvitud',
      'not attempted': 'Alustamata',
      unknown: 'Teadmata',
    },
    statuses: {
      not_assigned: 'Määramata',
      incomplete: 'Läbimata',
      complete: 'Läbitud',
      'expires-soon': 'Aegub varsti',
      expired: 'Aegunud',
    },
    bundleStates: { not_assigned: 'Määramata', not_seen: 'Vaatamata', seen: 'Vaadatud', complete: 'Läbitud' },
  },
  en: {
    sheets: {
      results: 'Results',
      courses: 'Courses',
      completions: 'Completions',
      attempts: 'Attempts',
      cma: 'CMA',
      instructions: 'Instructions',
    },
    name: 'Name',
    surname: 'Surname',
    login: 'PIN / login',
    department: 'Store / department',
    position: 'Position',
    longTerm: 'Long-term absence',
    completedSuffix: 'completed',
    yes: 'Yes',
    no: 'No',
    course: 'Course',
    type: 'Type',
    types: { mandatory: 'Mandatory', optional: 'Optional' },
    assigned: 'Assigned',
    assignedBy: { position: 'By position', additional: 'Additional' },
    status: 'Status',
    completedOn: 'Completed on',
    validUntil: 'Valid until',
    source: 'Source',
    sources: { scorm: 'Course (SCORM)', message: 'Course', manual: 'Manual', import: 'Import' },
    recordedBy: 'Recorded by',
    attempt: 'Attempt',
    started: 'Started',
    lastOpened: 'Last opened',
    score: 'Score',
    timeSpent: 'Time spent',
    scormStatuses: {
      passed: 'Passed',
      failed: 'Failed',
      completed: 'Completed',
      incomplete: 'Incomplete',
      browsed: 'Browsed',
      'not attempted': 'Not started',
      unknown: 'Unknown',
    },
    statuses: {
      not_assigned: 'Not assigned',
      incomplete: 'Incomplete',
      complete: 'Complete',
      'expires-soon': 'Expires soon',
      expired: 'Expired',
    },
    bundleStates: { not_assigned: 'Not assigned', not_seen: 'Not seen', seen: 'Seen', complete: 'Complete' },
  },
};
