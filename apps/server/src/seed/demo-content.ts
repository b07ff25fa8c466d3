import { LANGUAGES, type Language } from '@portal/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

export type Trx = Transaction<Database>;

/** Ids of what the organisation seed created, for the seeds of later areas. */
export interface DemoIds {
  departments: Map<string, number>;
  /** Keyed `country:alias`. */
  positions: Map<string, number>;
  /** Keyed `alias:language`. */
  courses: Map<string, number>;
  /** Keyed by login. */
  users: Map<string, number>;
  now: Date;
}

type Country = 'lv' | 'lt' | 'ee';
type Text = Record<Country, string>;
type Text4 = Record<Language, string>;

interface DemoResource {
  title: Text4;
  type: 'external' | 'internal' | 'course';
  /** `{lang}` is replaced by the country's language. */
  path: string;
  button?: Text4;
}

interface DemoBundle {
  kind: 'cma' | 'instruction';
  categoryId: number;
  name: Text4;
  description: Text4;
  completion: 'confirm' | 'coming_soon';
  mandatory?: boolean;
  order: number;
  positions: string[];
  resources: DemoResource[];
}

const CMA_POSITIONS = ['sales-assistant', 'store-manager', 'category-manager', 'training-manager'];
const STORE_STAFF = ['cashier', 'sales-assistant', 'warehouse-worker', 'store-manager', 'training-manager'];

const OPEN_PDF: Text4 = { lv: 'Atvērt PDF', lt: 'Atidaryti PDF', ee: 'Ava PDF', en: 'Open the PDF' };
const START_COURSE: Text4 = { lv: 'Sākt kursu', lt: 'Pradėti kursą', ee: 'Alusta kursust', en: 'Start the course' };

/** The category management academy and the instruction bundles; the same set in each country. */
export const DEMO_BUNDLES: DemoBundle[] = [
  {
    kind: 'cma',
    categoryId: 1,
    name: {
      lv: 'Kategoriju vadības pamati',
      lt: 'Kategorijų valdymo pagrindai',
      ee: 'Kategooriajuhtimise alused',
      en: 'Category management basics',
    },
    description: {
      lv: '<p>Kas ir preču kategorija, kā to <strong>redz pircējs</strong> un kāpēc katrai kategorijai ir sava loma: piesaistīt, noturēt vai nopelnīt.</p>',
      lt: '<p>Kas yra prekių kategorija, kaip ją <strong>mato pirkėjas</strong> ir kodėl kiekviena kategorija turi savo vaidmenį: pritraukti, išlaikyti ar uždirbti.</p>',
      ee: '<p>Mis on kaubakategooria, kuidas seda <strong>näeb ostja</strong> ja miks igal kategoorial on oma roll: meelitada, hoida või teenida.</p>',
      en: '<p>What a product category is, how <strong>the customer sees it</strong> and why each category has its own role: to attract, to keep or to earn.</p>',
    },
    completion: 'confirm',
    order: 1,
    positions: CMA_POSITIONS,
    resources: [
      {
        title: {
          lv: 'Kategoriju vadība (Wikipedia, angliski)',
          lt: 'Kategorijų valdymas (Wikipedia, anglų k.)',
          ee: 'Kategooriajuhtimine (Wikipedia, inglise k)',
          en: 'Category management (Wikipedia)',
        },
        type: 'external',
        path: 'https://en.wikipedia.org/wiki/Category_management',
      },
      {
        title: {
          lv: 'Plauktu un planogrammu pārbaudes lapa',
          lt: 'Lentynų ir planogramų patikros lapas',
          ee: 'Riiulite ja planogrammide kontroll-leht',
          en: 'Shelf and planogram checklist',
        },
        type: 'internal',
        path: '/files/resources/pdf/{lang}/planogram-checklist.pdf',
      },
      {
        title: {
          lv: 'Kurss: izcila klientu apkalpošana',
          lt: 'Kursas: puikus klientų aptarnavimas',
          ee: 'Kursus: suurepärane klienditeenindus',
          en: 'Course: excellent customer service',
        },
        type: 'course',
        path: 'customer-service',
      },
    ],
  },
  {
    kind: 'cma',
    categoryId: 2,
    name: {
      lv: 'Svaigā produkcija: augļi un dārzeņi',
      lt: 'Šviežia produkcija: vaisiai ir daržovės',
      ee: 'Värske kaup: puu- ja köögiviljad',
      en: 'Fresh produce: fruit and vegetables',
    },
    description: {
      lv: '<p>Svaigums ir iemesls, kāpēc pircējs atgriežas. Pārbaudiet izkārtojumu no rīta un pēcpusdienā, noņemiet bojātās preces un sekojiet cenu zīmēm.</p>',
      lt: '<p>Šviežumas yra priežastis, dėl kurios pirkėjas grįžta. Tikrinkite išdėstymą ryte ir po pietų, pašalinkite sugedusias prekes ir sekite kainų etiketes.</p>',
      ee: '<p>Värskus on põhjus, miks ostja tagasi tuleb. Kontrolli väljapanekut hommikul ja pärastlõunal, eemalda riknenud kaup ja jälgi hinnasilte.</p>',
      en: '<p>Freshness is why customers come back. Check the display in the morning and in the afternoon, remove damaged goods and keep the price labels right.</p>',
    },
    completion: 'confirm',
    order: 2,
    positions: CMA_POSITIONS,
    resources: [
      {
        title: {
          lv: 'Pārtikas higiēnas kurss',
          lt: 'Maisto higienos kursas',
          ee: 'Toiduhügieeni kursus',
          en: 'Food hygiene course',
        },
        type: 'course',
        path: 'food-hygiene',
      },
      {
        title: {
          lv: 'Mācību resursi: loģistika un piegāžu tīkls',
          lt: 'Mokymosi ištekliai: logistika ir tiekimo tinklas',
          ee: 'Õppematerjalid: logistika ja tarneahel',
          en: 'Learning resources: logistics and supply network',
        },
        type: 'internal',
        path: '/resources/6/1',
      },
    ],
  },
  {
    kind: 'cma',
    categoryId: 3,
    name: {
      lv: 'Sadzīves ķīmija un higiēnas preces',
      lt: 'Buitinė chemija ir higienos prekės',
      ee: 'Majapidamiskeemia ja hügieenitooted',
      en: 'Household chemicals and hygiene products',
    },
    description: {
      lv: '<p>Šis modulis tiek gatavots kopā ar piegādātājiem un būs pieejams drīzumā.</p>',
      lt: '<p>Šis modulis rengiamas kartu su tiekėjais ir netrukus bus prieinamas.</p>',
      ee: '<p>See moodul valmib koostöös tarnijatega ja on peagi saadaval.</p>',
      en: '<p>This module is being prepared with our suppliers and will be available soon.</p>',
    },
    completion: 'coming_soon',
    order: 0,
    positions: CMA_POSITIONS,
    resources: [],
  },
  {
    kind: 'instruction',
    categoryId: 10,
    name: {
      lv: 'Kases slēgšana dienas beigās',
      lt: 'Kasos uždarymas dienos pabaigoje',
      ee: 'Kassa sulgemine päeva lõpus',
      en: 'Closing the cash desk at the end of the day',
    },
    description: {
      lv: '<p>Obligāta instrukcija visiem, kas strādā pie kases. Izlasiet, izpildiet soli pa solim un apstipriniet, ka esat iepazinušies.</p>',
      lt: '<p>Privaloma instrukcija visiems, dirbantiems prie kasos. Perskaitykite, atlikite žingsnis po žingsnio ir patvirtinkite, kad susipažinote.</p>',
      ee: '<p>Kohustuslik juhend kõigile, kes töötavad kassas. Loe läbi, täida samm-sammult ja kinnita, et oled tutvunud.</p>',
      en: '<p>A mandatory instruction for everyone who works at the cash desk. Read it, follow it step by step and confirm that you have read it.</p>',
    },
    completion: 'confirm',
    mandatory: true,
    order: 1,
    positions: STORE_STAFF,
    resources: [
      {
        title: {
          lv: 'Kases slēgšanas instrukcija',
          lt: 'Kasos uždarymo instrukcija',
          ee: 'Kassa sulgemise juhend',
          en: 'Cash desk closing instruction',
        },
        type: 'internal',
        path: '/files/resources/pdf/{lang}/cash-desk-closing.pdf',
        button: OPEN_PDF,
      },
      {
        title: {
          lv: 'Kurss: darbs ar kasi',
          lt: 'Kursas: darbas su kasa',
          ee: 'Kursus: kassatöö',
          en: 'Course: cash handling',
        },
        type: 'course',
        path: 'cash-handling',
        button: START_COURSE,
      },
    ],
  },
  {
    kind: 'instruction',
    categoryId: 11,
    name: {
      lv: 'Rīcība ugunsgrēka gadījumā',
      lt: 'Veiksmai gaisro atveju',
      ee: 'Tegutsemine tulekahju korral',
      en: 'What to do in case of fire',
    },
    description: {
      lv: '<p>Kur atrodas izejas, ugunsdzēšamie aparāti un pulcēšanās vieta. Atkārtojiet reizi gadā.</p>',
      lt: '<p>Kur yra išėjimai, gesintuvai ir susirinkimo vieta. Pakartokite kartą per metus.</p>',
      ee: '<p>Kus on väljapääsud, tulekustutid ja kogunemiskoht. Korda kord aastas.</p>',
      en: '<p>Where the exits, the fire extinguishers and the assembly point are. Repeat once a year.</p>',
    },
    completion: 'confirm',
    mandatory: false,
    order: 2,
    positions: STORE_STAFF,
    resources: [
      {
        title: {
          lv: 'Kurss: drošs darbs un ugunsdrošība',
          lt: 'Kursas: saugus darbas ir priešgaisrinė sauga',
          ee: 'Kursus: ohutu töö ja tuleohutus',
          en: 'Course: safe work and fire safety',
        },
        type: 'course',
        path: 'safe-work',
        button: START_COURSE,
      },
      {
        title: {
          lv: 'Valsts ugunsdzēsības un glābšanas dienests',
          lt: 'Priešgaisrinės apsaugos ir gelbėjimo departamentas',
          ee: 'Päästeamet',
          en: 'The fire and rescue service',
        },
        type: 'external',
        path: '{fireService}',
        button: { lv: 'Atvērt vietni', lt: 'Atidaryti svetainę', ee: 'Ava veebileht', en: 'Open the website' },
      },
    ],
  },
];

const FIRE_SERVICE: Text = { lv: 'https://www.vugd.gov.lv/', lt: 'https://pagd.lrv.lt/', ee: 'https://www.rescue.ee/' };

interface DemoNotification {
  alias: string;
  name: Text4;
  description: Text4;
  external: boolean;
  link: string | null | Text4;
  daysAgo: number;
}

export const DEMO_NOTIFICATIONS: DemoNotification[] = [
  {
    alias: 'welcome-portal',
    name: {
      lv: 'Laipni lūgti mācību portālā',
      lt: 'Sveiki atvykę į mokymosi portalą',
      ee: 'Tere tulemast õppeportaali',
      en: 'Welcome to the learning portal',
    },
    description: {
      lv: 'Sāciet ar obligātajiem kursiem un uzstādiet savus trīs attīstības mērķus šim ceturksnim.',
      lt: 'Pradėkite nuo privalomų kursų ir išsikelkite tris šio ketvirčio tobulėjimo tikslus.',
      ee: 'Alusta kohustuslikest kursustest ja sea selleks kvartaliks oma kolm arengueesmärki.',
      en: 'Start with your mandatory courses and set your three development goals for this quarter.',
    },
    external: false,
    link: '/goals',
    daysAgo: 2,
  },
  {
    alias: 'fire-safety-week',
    name: {
      lv: 'Ugunsdrošības nedēļa',
      lt: 'Priešgaisrinės saugos savaitė',
      ee: 'Tuleohutuse nädal',
      en: 'Fire safety week',
    },
    description: {
      lv: 'Līdz mēneša beigām atkārtojiet kursu "Drošs darbs un ugunsdrošība". Tas aizņem 15 minūtes.',
      lt: 'Iki mėnesio pabaigos pakartokite kursą „Saugus darbas ir priešgaisrinė sauga“. Tai užtruks 15 minučių.',
      ee: 'Korda kuu lõpuni kursust „Ohutu töö ja tuleohutus“. See võtab 15 minutit.',
      en: 'Repeat the "Safe work and fire safety" course by the end of the month. It takes 15 minutes.',
    },
    external: false,
    link: '/courses/1',
    daysAgo: 5,
  },
  {
    alias: 'digital-skills',
    name: {
      lv: 'Bezmaksas digitālo prasmju kursi',
      lt: 'Nemokami skaitmeninių įgūdžių kursai',
      ee: 'Tasuta digioskuste kursused',
      en: 'Free digital skills courses',
    },
    description: {
      lv: 'Microsoft Learn piedāvā bezmaksas īsos kursus par Teams, Outlook un Excel. Saite atvērsies jaunā cilnē.',
      lt: 'Microsoft Learn siūlo nemokamus trumpus kursus apie Teams, Outlook ir Excel. Nuoroda atsidarys naujame skirtuke.',
      ee: 'Microsoft Learn pakub tasuta lühikursusi Teamsi, Outlooki ja Exceli kohta. Link avaneb uuel vahelehel.',
      en: 'Microsoft Learn offers free short courses on Teams, Outlook and Excel. The link opens in a new tab.',
    },
    external: true,
    link: 'https://learn.microsoft.com/training/',
    daysAgo: 9,
  },
];

interface DemoLoginLink {
  type: 'external' | 'survey' | 'scholar';
  heading: Text4;
  description: Text4;
  url: Text4 | string;
  anon?: boolean;
  bold?: boolean;
}

/** Demo survey forms: a deployment replaces them with its own (managers edit the login-page links). */
export const DEMO_LOGIN_LINKS: DemoLoginLink[] = [
  {
    type: 'external',
    heading: {
      lv: 'Darba drošības portāls',
      lt: 'Darbuotojų saugos portalas',
      ee: 'Töötervishoiu portaal',
      en: 'Occupational safety portal',
    },
    description: {
      lv: 'Valsts darba inspekcijas padomi darbiniekiem.',
      lt: 'Valstybinės darbo inspekcijos patarimai darbuotojams.',
      ee: 'Tööinspektsiooni nõuanded töötajatele.',
      en: 'Advice for employees from the European agency for safety and health at work.',
    },
    url: {
      lv: 'https://www.vdi.gov.lv/',
      lt: 'https://www.vdi.lt/',
      ee: 'https://www.ti.ee/',
      en: 'https://osha.europa.eu/',
    },
  },
  {
    type: 'survey',
    heading: {
      lv: 'Darbinieku apmierinātības aptauja',
      lt: 'Darbuotojų pasitenkinimo apklausa',
      ee: 'Töötajate rahulolu-uuring',
      en: 'Employee satisfaction survey',
    },
    description: {
      lv: '10 jautājumi par darbu veikalā. Anonīma: mēs neredzam, kas atbildēja.',
      lt: '10 klausimų apie darbą parduotuvėje. Anoniminė: nematome, kas atsakė.',
      ee: '10 küsimust tööst kaupluses. Anonüümne: me ei näe, kes vastas.',
      en: '10 questions about working in the store. Anonymous: we cannot see who answered.',
    },
    url: '/files/surveys/demo-{lang}.html#satisfaction',
    anon: true,
    bold: true,
  },
  {
    type: 'survey',
    heading: {
      lv: 'Mācību vajadzību aptauja',
      lt: 'Mokymosi poreikių apklausa',
      ee: 'Koolitusvajaduste küsitlus',
      en: 'Training needs survey',
    },
    description: {
      lv: 'Pastāstiet, ko vēlaties apgūt nākamajā ceturksnī.',
      lt: 'Papasakokite, ko norėtumėte išmokti kitą ketvirtį.',
      ee: 'Räägi, mida soovid järgmises kvartalis õppida.',
      en: 'Tell us what you would like to learn next quarter.',
    },
    url: '/files/surveys/demo-{lang}.html#training-needs',
  },
  {
    type: 'scholar',
    heading: {
      lv: 'Skolēnu vasaras darbs: pirmā diena',
      lt: 'Moksleivių vasaros darbas: pirmoji diena',
      ee: 'Õpilaste suvetöö: esimene päev',
      en: 'Summer job for pupils: the first day',
    },
    description: {
      lv: 'Īss ievads skolēniem pirms pirmās darba dienas veikalā.',
      lt: 'Trumpas įvadas moksleiviams prieš pirmąją darbo dieną parduotuvėje.',
      ee: 'Lühike sissejuhatus õpilastele enne esimest tööpäeva kaupluses.',
      en: 'A short introduction for pupils before their first working day in the store.',
    },
    url: '/files/scholar/first-day-{lang}.html',
  },
  {
    type: 'scholar',
    heading: {
      lv: 'Drošība veikalā skolēniem',
      lt: 'Sauga parduotuvėje moksleiviams',
      ee: 'Ohutus kaupluses õpilastele',
      en: 'Safety in the store for pupils',
    },
    description: {
      lv: 'Ko drīkst un ko nedrīkst darīt nepilngadīgs darbinieks.',
      lt: 'Ką gali ir ko negali daryti nepilnametis darbuotojas.',
      ee: 'Mida alaealine töötaja tohib ja mida ei tohi teha.',
      en: 'What a young worker may and may not do.',
    },
    url: '/files/scholar/safety-{lang}.html',
  },
];

const localize = (value: string, language: string) => value.replaceAll('{lang}', language);

/** Bundles, notifications and login-page links of the demo organisation. */
export async function seedDemoContent(trx: Trx, ids: DemoIds): Promise<void> {
  for (const country of ['lv', 'lt', 'ee'] as const) {
    for (const bundle of DEMO_BUNDLES) {
      const row = await trx
        .insertInto('bundles')
        .values({
          kind: bundle.kind,
          country,
          category_id: bundle.categoryId,
          category_name: bundle.name[country],
          description: bundle.description[country],
          completion_type: bundle.completion,
          mandatory: bundle.mandatory ? 1 : 0,
          sort_order: bundle.order,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const others = LANGUAGES.filter((language) => language !== country);
      await trx
        .insertInto('bundle_texts')
        .values(
          others.map((language) => ({
            bundle_id: row.id,
            language,
            category_name: bundle.name[language],
            description: bundle.description[language],
          })),
        )
        .execute();
      for (const [index, resource] of bundle.resources.entries()) {
        const path = resource.path === '{fireService}' ? FIRE_SERVICE[country] : localize(resource.path, country);
        const added = await trx
          .insertInto('bundle_resources')
          .values({
            bundle_id: row.id,
            title: resource.title[country],
            resource_type: resource.type,
            resource_path: path,
            button_string: resource.button?.[country] ?? null,
            sort_order: index,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('bundle_resource_texts')
          .values(
            others.map((language) => ({
              resource_id: added.id,
              language,
              title: resource.title[language],
              button_string: resource.button?.[language] ?? null,
            })),
          )
          .execute();
      }
      for (const position of bundle.positions) {
        const positionId = ids.positions.get(`${country}:${position}`);
        if (positionId === undefined) continue;
        await trx.insertInto('bundle_positions').values({ bundle_id: row.id, position_id: positionId }).execute();
      }
    }
  }

  const languages: Language[] = ['lv', 'lt', 'ee', 'en'];
  for (const n of DEMO_NOTIFICATIONS) {
    const createdAt = new Date(ids.now.getTime() - n.daysAgo * 86_400_000).toISOString();
    for (const language of languages) {
      await trx
        .insertInto('notifications')
        .values({
          alias: n.alias,
          language,
          status: 'active',
          name: n.name[language],
          description: n.description[language],
          external: n.external ? 1 : 0,
          link: n.link === null ? null : typeof n.link === 'string' ? n.link : n.link[language],
          created_at: createdAt,
        })
        .execute();
    }
  }

  for (const language of languages) {
    for (const [index, link] of DEMO_LOGIN_LINKS.entries()) {
      await trx
        .insertInto('login_links')
        .values({
          link_type: link.type,
          language,
          heading: link.heading[language],
          description: link.description[language],
          url: typeof link.url === 'string' ? localize(link.url, language) : link.url[language],
          is_anon: link.anon ? 1 : 0,
          bold_border: link.bold ? 1 : 0,
          sort_order: index,
        })
        .execute();
    }
  }
}
