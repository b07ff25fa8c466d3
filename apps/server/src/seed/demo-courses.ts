import type { Language } from '@portal/shared';

export interface DemoCourse {
  alias: string;
  type: 'mandatory' | 'optional';
  expiration: number;
  orderOffice: number;
  orderStore: number;
  /** Which positions get it: every position, store positions, or a list of aliases. */
  positions: 'all' | 'store' | 'office' | string[];
  /** Folder of playable content under the courses folder; the language is appended. */
  folder: string;
  /** The SCORM version of its demo package (demo-packages.ts). */
  scormVersion?: '1.2' | '2004';
  name: Record<Language, string>;
  description: Record<Language, string>;
  languages?: Language[];
  externalUrl?: string;
}

export const DEMO_COURSES: DemoCourse[] = [
  {
    alias: 'welcome',
    type: 'mandatory',
    expiration: 0,
    orderOffice: 1,
    orderStore: 1,
    positions: 'all',
    folder: 'welcome',
    scormVersion: '1.2',
    name: {
      lv: 'Laipni lūgti komandā',
      lt: 'Sveiki atvykę į komandą',
      ee: 'Tere tulemast meeskonda',
      en: 'Welcome to the team',
    },
    description: {
      lv: 'Mūsu vērtības, darba kārtība un kur meklēt palīdzību.',
      lt: 'Mūsų vertybės, darbo tvarka ir kur ieškoti pagalbos.',
      ee: 'Meie väärtused, töökord ja kust abi leida.',
      en: 'Our values, house rules and where to find help.',
    },
  },
  {
    alias: 'safe-work',
    type: 'mandatory',
    expiration: 12,
    orderOffice: 2,
    orderStore: 3,
    positions: 'all',
    folder: 'safe-work',
    scormVersion: '2004',
    name: {
      lv: 'Drošs darbs un ugunsdrošība',
      lt: 'Saugus darbas ir priešgaisrinė sauga',
      ee: 'Ohutu töö ja tuleohutus',
      en: 'Safe work and fire safety',
    },
    description: {
      lv: 'Smagumu celšana, evakuācija un rīcība ugunsgrēka gadījumā.',
      lt: 'Krovinių kėlimas, evakuacija ir veiksmai gaisro atveju.',
      ee: 'Raskuste tõstmine, evakueerumine ja tegutsemine tulekahju korral.',
      en: 'Lifting, evacuation and what to do in case of fire.',
    },
  },
  {
    alias: 'food-hygiene',
    type: 'mandatory',
    expiration: 24,
    orderOffice: 5,
    orderStore: 2,
    positions: 'store',
    folder: 'food-hygiene',
    scormVersion: '1.2',
    name: { lv: 'Pārtikas higiēna', lt: 'Maisto higiena', ee: 'Toiduhügieen', en: 'Food hygiene' },
    description: {
      lv: 'Temperatūras kontrole, derīguma termiņi un roku higiēna.',
      lt: 'Temperatūros kontrolė, galiojimo terminai ir rankų higiena.',
      ee: 'Temperatuuri kontroll, säilivusajad ja kätehügieen.',
      en: 'Temperature checks, use-by dates and hand hygiene.',
    },
  },
  {
    alias: 'data-protection',
    type: 'mandatory',
    expiration: 24,
    orderOffice: 3,
    orderStore: 4,
    positions: 'all',
    folder: 'data-protection',
    scormVersion: '2004',
    name: {
      lv: 'Personas datu aizsardzība',
      lt: 'Asmens duomenų apsauga',
      ee: 'Isikuandmete kaitse',
      en: 'Personal data protection',
    },
    description: {
      lv: 'Kā rīkoties ar klientu un kolēģu datiem (VDAR).',
      lt: 'Kaip elgtis su klientų ir kolegų duomenimis (BDAR).',
      ee: 'Kuidas käsitleda klientide ja kolleegide andmeid (IKÜM).',
      en: 'Handling customer and colleague data (GDPR).',
    },
  },
  {
    alias: 'cash-handling',
    type: 'mandatory',
    expiration: 12,
    orderOffice: 9,
    orderStore: 5,
    positions: ['cashier', 'store-manager'],
    folder: 'cash-handling',
    scormVersion: '1.2',
    name: { lv: 'Darbs ar kasi', lt: 'Darbas su kasa', ee: 'Kassatöö', en: 'Cash handling' },
    description: {
      lv: 'Maksājumi, atmaksas un viltotas naudas atpazīšana.',
      lt: 'Mokėjimai, grąžinimai ir padirbtų pinigų atpažinimas.',
      ee: 'Maksed, tagastused ja võltsraha äratundmine.',
      en: 'Payments, refunds and spotting counterfeit money.',
    },
  },
  {
    alias: 'customer-service',
    type: 'optional',
    expiration: 0,
    orderOffice: 6,
    orderStore: 6,
    positions: 'all',
    folder: 'customer-service',
    scormVersion: '1.2',
    name: {
      lv: 'Izcila klientu apkalpošana',
      lt: 'Puikus klientų aptarnavimas',
      ee: 'Suurepärane klienditeenindus',
      en: 'Great customer service',
    },
    description: {
      lv: 'Sveiciens, uzklausīšana un sarežģītas situācijas.',
      lt: 'Pasisveikinimas, išklausymas ir sudėtingos situacijos.',
      ee: 'Tervitamine, kuulamine ja keerulised olukorrad.',
      en: 'Greeting, listening and difficult situations.',
    },
  },
  {
    alias: 'time-management',
    type: 'optional',
    expiration: 0,
    orderOffice: 7,
    orderStore: 7,
    positions: 'all',
    folder: 'time-management',
    scormVersion: '2004',
    name: { lv: 'Laika plānošana', lt: 'Laiko planavimas', ee: 'Ajaplaneerimine', en: 'Time management' },
    description: {
      lv: 'Prioritātes, plānošana un fokuss darba dienā.',
      lt: 'Prioritetai, planavimas ir dėmesys darbo dieną.',
      ee: 'Prioriteedid, planeerimine ja keskendumine tööpäeval.',
      en: 'Priorities, planning and focus during the working day.',
    },
  },
  {
    alias: 'anti-discrimination',
    type: 'optional',
    expiration: 0,
    orderOffice: 8,
    orderStore: 8,
    positions: 'all',
    folder: 'anti-discrimination',
    languages: ['lt'],
    externalUrl: 'https://www.lygybe.lt/',
    name: { lv: '', lt: 'Antidiskriminacinis mokymas', ee: '', en: '' },
    description: {
      lv: '',
      lt: 'Lygių galimybių kontrolieriaus tarnybos mokymai apie diskriminacijos prevenciją (išorinė nuoroda).',
      ee: '',
      en: '',
    },
  },
];
