/** The demo organisation of shared/design/demo-data.md. Keep logins, roles, places and passwords exact. */
export const DEMO_PASSWORD = 'demo-pass';

export const STORE_TYPES = [
  { alias: 'hypermarket', label: 'Hypermarket' },
  { alias: 'supermarket', label: 'Supermarket' },
  { alias: 'express', label: 'Express' },
] as const;

export interface DemoDepartment {
  alias: string;
  label: string;
  country: 'lv' | 'lt' | 'ee';
  kind: 'store' | 'office';
  storeType?: (typeof STORE_TYPES)[number]['alias'];
}

export const DEPARTMENTS: DemoDepartment[] = [
  { alias: 'lv-riga-01', label: 'Rīga, Brīvības iela', country: 'lv', kind: 'store', storeType: 'hypermarket' },
  { alias: 'lv-riga-02', label: 'Rīga, Krasta iela', country: 'lv', kind: 'store', storeType: 'supermarket' },
  { alias: 'lt-vilnius-01', label: 'Vilnius, Gedimino pr.', country: 'lt', kind: 'store', storeType: 'hypermarket' },
  { alias: 'lt-kaunas-01', label: 'Kaunas, Laisvės al.', country: 'lt', kind: 'store', storeType: 'express' },
  { alias: 'ee-tallinn-01', label: 'Tallinn, Pärnu mnt', country: 'ee', kind: 'store', storeType: 'hypermarket' },
  { alias: 'ee-tartu-01', label: 'Tartu, Riia tn', country: 'ee', kind: 'store', storeType: 'supermarket' },
  { alias: 'lv-office-retail', label: 'Mazumtirdzniecības departaments', country: 'lv', kind: 'office' },
  { alias: 'lv-office-hr', label: 'Personāla departaments', country: 'lv', kind: 'office' },
  { alias: 'lt-office-retail', label: 'Mažmeninės prekybos departamentas', country: 'lt', kind: 'office' },
  { alias: 'lt-office-hr', label: 'Personalo departamentas', country: 'lt', kind: 'office' },
  { alias: 'ee-office-retail', label: 'Jaekaubanduse osakond', country: 'ee', kind: 'office' },
  { alias: 'ee-office-hr', label: 'Personaliosakond', country: 'ee', kind: 'office' },
];

/** Position aliases with their label in each country's language. */
export const POSITIONS: Record<string, { lv: string; lt: string; ee: string; store: boolean }> = {
  cashier: { lv: 'Kasieris', lt: 'Kasininkas', ee: 'Kassapidaja', store: true },
  'sales-assistant': { lv: 'Pārdevējs konsultants', lt: 'Pardavėjas konsultantas', ee: 'Müügikonsultant', store: true },
  'warehouse-worker': { lv: 'Noliktavas darbinieks', lt: 'Sandėlio darbuotojas', ee: 'Laotöötaja', store: true },
  'store-manager': { lv: 'Veikala vadītājs', lt: 'Parduotuvės vadovas', ee: 'Kaupluse juhataja', store: true },
  'regional-manager': { lv: 'Reģionālais vadītājs', lt: 'Regiono vadovas', ee: 'Piirkonnajuht', store: false },
  'hr-specialist': {
    lv: 'Personāla speciālists',
    lt: 'Personalo specialistas',
    ee: 'Personalispetsialist',
    store: false,
  },
  'hr-manager': { lv: 'Personāla vadītājs', lt: 'Personalo vadovas', ee: 'Personalijuht', store: false },
  'training-manager': { lv: 'Apmācību vadītājs', lt: 'Mokymų vadovas', ee: 'Koolitusjuht', store: false },
  'category-manager': { lv: 'Kategoriju vadītājs', lt: 'Kategorijų vadovas', ee: 'Kategooriajuht', store: false },
};

export interface DemoAccount {
  name: string;
  surname: string;
  role: 'learner' | 'admin' | 'regman';
  typ: 'store_user' | 'ldap_user' | 'dev';
  country: 'lv' | 'lt' | 'ee';
  department: string;
  position: string;
  login: string;
}

export const ACCOUNTS: DemoAccount[] = [
  {
    name: 'Anna',
    surname: 'Bērziņa',
    role: 'learner',
    typ: 'store_user',
    country: 'lv',
    department: 'lv-riga-01',
    position: 'cashier',
    login: 'ab1234',
  },
  {
    name: 'Kārlis',
    surname: 'Zariņš',
    role: 'learner',
    typ: 'store_user',
    country: 'lv',
    department: 'lv-riga-02',
    position: 'sales-assistant',
    login: 'kz1234',
  },
  {
    name: 'Jonas',
    surname: 'Kazlauskas',
    role: 'learner',
    typ: 'store_user',
    country: 'lt',
    department: 'lt-vilnius-01',
    position: 'sales-assistant',
    login: 'jk1234',
  },
  {
    name: 'Mari',
    surname: 'Tamm',
    role: 'learner',
    typ: 'store_user',
    country: 'ee',
    department: 'ee-tallinn-01',
    position: 'cashier',
    login: 'mt1234',
  },
  {
    name: 'Līga',
    surname: 'Ozola',
    role: 'admin',
    typ: 'store_user',
    country: 'lv',
    department: 'lv-riga-01',
    position: 'store-manager',
    login: 'lo1234',
  },
  {
    name: 'Roberts',
    surname: 'Liepa',
    role: 'regman',
    typ: 'ldap_user',
    country: 'lv',
    department: 'lv-office-retail',
    position: 'regional-manager',
    login: 'roberts.liepa',
  },
  {
    name: 'Pēteris',
    surname: 'Kalniņš',
    role: 'learner',
    typ: 'ldap_user',
    country: 'lv',
    department: 'lv-office-hr',
    position: 'hr-specialist',
    login: 'peteris.kalnins',
  },
  {
    name: 'Inga',
    surname: 'Vītola',
    role: 'admin',
    typ: 'ldap_user',
    country: 'lv',
    department: 'lv-office-hr',
    position: 'hr-manager',
    login: 'inga.vitola',
  },
  {
    name: 'Training',
    surname: 'Manager',
    role: 'admin',
    typ: 'dev',
    country: 'lv',
    department: 'lv-office-hr',
    position: 'training-manager',
    login: 'training.manager',
  },
];

/** First names and surnames for the extra learners of each store. */
export const NAMES = {
  lv: {
    first: ['Jānis', 'Ilze', 'Andris', 'Laura', 'Māris', 'Elīna', 'Edgars', 'Zane', 'Raivis', 'Dace', 'Gints', 'Santa'],
    last: ['Kalējs', 'Ozoliņa', 'Krūmiņš', 'Liepiņa', 'Jansons', 'Vilks', 'Šmits', 'Āboliņa', 'Žagars', 'Eglīte'],
  },
  lt: {
    first: [
      'Tomas',
      'Rūta',
      'Mantas',
      'Eglė',
      'Lukas',
      'Gabija',
      'Paulius',
      'Ieva',
      'Darius',
      'Aistė',
      'Žygimantas',
      'Šarūnė',
    ],
    last: [
      'Petrauskas',
      'Jankauskaitė',
      'Stankevičius',
      'Vasiliauskienė',
      'Žukauskas',
      'Butkutė',
      'Šimkus',
      'Paulauskaitė',
    ],
  },
  ee: {
    first: [
      'Kristjan',
      'Liis',
      'Martin',
      'Kadri',
      'Andres',
      'Triin',
      'Siim',
      'Kärt',
      'Rasmus',
      'Õnne',
      'Jüri',
      'Mari-Liis',
    ],
    last: ['Saar', 'Sepp', 'Mägi', 'Kask', 'Kukk', 'Rebane', 'Ilves', 'Pärn', 'Koppel', 'Õunapuu'],
  },
} as const;
