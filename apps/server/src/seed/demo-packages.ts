/**
 * The demo courses' SCORM packages (some pages and a short quiz), made from the texts in
 * content/courses/source/<alias>.json, the player in content/courses/runtime and the course list of
 * demo-courses.ts. They are written into the courses folder when the server starts with DEMO_SEED, so the
 * repository holds each text and the player once.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '@portal/shared';
import { repoRoot } from '../config.js';
import { DEMO_COURSES, type DemoCourse } from './demo-courses.js';

const SOURCE_DIR = 'content/courses/source';
const RUNTIME_DIR = 'content/courses/runtime';

interface Page {
  title: string;
  body: string[];
}
interface Question {
  q: string;
  options: string[];
  answer: number;
}
interface Source {
  pages: Record<Language, Page[]>;
  quiz: Record<Language, Question[]>;
}

/** The player texts inside each package, per language. */
const LABELS: Record<Language, Record<string, string>> = {
  lv: {
    back: 'Atpakaļ',
    next: 'Tālāk',
    quiz: 'Tests',
    startQuiz: 'Sākt testu',
    submit: 'Iesniegt atbildes',
    passed: 'Apsveicam! Tests nokārtots.',
    failed: 'Ne visas atbildes ir pareizas. Pamēģini vēlreiz.',
    retry: 'Mēģināt vēlreiz',
    score: 'Rezultāts',
    page: 'Lapa',
    of: 'no',
    chooseAll: 'Lūdzu, atbildi uz visiem jautājumiem.',
    done: 'Kursu vari aizvērt.',
  },
  lt: {
    back: 'Atgal',
    next: 'Toliau',
    quiz: 'Testas',
    startQuiz: 'Pradėti testą',
    submit: 'Pateikti atsakymus',
    passed: 'Sveikiname! Testas išlaikytas.',
    failed: 'Ne visi atsakymai teisingi. Bandyk dar kartą.',
    retry: 'Bandyti dar kartą',
    score: 'Rezultatas',
    page: 'Puslapis',
    of: 'iš',
    chooseAll: 'Atsakyk į visus klausimus.',
    done: 'Kursą galite uždaryti.',
  },
  ee: {
    back: 'Tagasi',
    next: 'Edasi',
    quiz: 'Test',
    startQuiz: 'Alusta testi',
    submit: 'Esita vastused',
    passed: 'Palju õnne! Test on sooritatud.',
    failed: 'Kõik vastused pole õiged. Proovi uuesti.',
    retry: 'Proovi uuesti',
    score: 'Tulemus',
    page: 'Leht',
    of: '/',
    chooseAll: 'Palun vasta kõigile küsimustele.',
    done: 'Kursuse võib sulgeda.',
  },
  en: {
    back: 'Back',
    next: 'Next',
    quiz: 'Quiz',
    startQuiz: 'Start the quiz',
    submit: 'Submit answers',
    passed: 'Well done! You passed the quiz.',
    failed: 'Not all answers are right. Please try again.',
    retry: 'Try again',
    score: 'Score',
    page: 'Page',
    of: 'of',
    chooseAll: 'Please answer every question.',
    done: 'You may close the course now.',
  },
};

const HTML_LANG: Record<Language, string> = { lv: 'lv', lt: 'lt', ee: 'et', en: 'en' };

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

function manifest(course: DemoCourse, language: Language, version: '1.2' | '2004'): string {
  const id = `portal.${course.alias}.${language}`;
  const title = escapeXml(course.name[language]);
  const files = ['index.html', 'course.js', 'course.css'].map((f) => `        <file href="${f}"/>`).join('\n');
  if (version === '1.2') {
    return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}" version="1"
    xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>${title}</title>
      <item identifier="item_1" identifierref="res_1" isvisible="true">
        <title>${title}</title>
        <adlcp:masteryscore>100</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res_1" type="webcontent" adlcp:scormtype="sco" href="index.html">
${files}
    </resource>
  </resources>
</manifest>
`;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}" version="1"
    xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
    xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
    xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
    xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 3rd Edition</schemaversion>
  </metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>${title}</title>
      <item identifier="item_1" identifierref="res_1">
        <title>${title}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res_1" type="webcontent" adlcp:scormType="sco" href="index.html">
${files}
    </resource>
  </resources>
</manifest>
`;
}

function indexHtml(course: DemoCourse, language: Language, version: '1.2' | '2004', source: Source): string {
  const data = {
    version,
    title: course.name[language],
    pages: source.pages[language],
    quiz: source.quiz[language],
    labels: LABELS[language],
  };
  // JSON inside <script type="application/json"> is data, not code; "<" is escaped so no text closes the tag.
  const json = JSON.stringify(data, null, 2).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="${HTML_LANG[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(course.name[language])}</title>
<link rel="stylesheet" href="course.css">
</head>
<body>
<main id="app" aria-live="polite"></main>
<script type="application/json" id="course-data">
${json}
</script>
<script src="course.js"></script>
</body>
</html>
`;
}

function readSource(root: string, alias: string): Source {
  const file = path.join(root, SOURCE_DIR, `${alias}.json`);
  const source = JSON.parse(fs.readFileSync(file, 'utf8')) as Source;
  for (const language of LANGUAGES) {
    if (!source.pages[language]?.length || !source.quiz[language]?.length) {
      throw new Error(`${alias}.json lacks pages or quiz questions in ${language}`);
    }
    for (const q of source.quiz[language]) {
      if (!(q.answer >= 0 && q.answer < q.options.length)) throw new Error(`${alias}.json: bad answer in "${q.q}"`);
    }
  }
  return source;
}

/** Every demo package as folder name -> file name -> content. */
export function demoPackages(root = repoRoot): Map<string, Map<string, string>> {
  const runtimeDir = path.join(root, RUNTIME_DIR);
  const runtime = {
    'course.js': fs.readFileSync(path.join(runtimeDir, 'course.js'), 'utf8'),
    'course.css': fs.readFileSync(path.join(runtimeDir, 'course.css'), 'utf8'),
  };
  const out = new Map<string, Map<string, string>>();
  for (const course of DEMO_COURSES) {
    if (course.externalUrl) continue;
    const version = course.scormVersion ?? '1.2';
    const source = readSource(root, course.alias);
    for (const language of course.languages ?? LANGUAGES) {
      const files = new Map<string, string>([
        ['imsmanifest.xml', manifest(course, language, version)],
        ['index.html', indexHtml(course, language, version, source)],
        ...Object.entries(runtime),
      ]);
      out.set(`${course.folder}-${language}`, files);
    }
  }
  return out;
}

/**
 * Writes every demo package that `coursesDir` lacks, each whole or not at all (unpacked beside it, then renamed into
 * place), and leaves every folder that exists alone: a package a manager uploaded over a demo one stays. Returns the
 * folders written.
 */
export function writeMissingDemoPackages(coursesDir: string, root = repoRoot): string[] {
  fs.mkdirSync(coursesDir, { recursive: true });
  const written: string[] = [];
  for (const [folder, files] of demoPackages(root)) {
    const target = path.join(coursesDir, folder);
    if (fs.existsSync(target)) continue;
    const temp = path.join(coursesDir, `.demo-${folder}-${randomBytes(6).toString('hex')}`);
    fs.mkdirSync(temp);
    for (const [name, content] of files) fs.writeFileSync(path.join(temp, name), content);
    try {
      fs.renameSync(temp, target);
      written.push(folder);
    } catch (error) {
      // Another process wrote the same package meanwhile.
      fs.rmSync(temp, { recursive: true, force: true });
      if (!fs.existsSync(target)) throw error;
    }
  }
  return written;
}
