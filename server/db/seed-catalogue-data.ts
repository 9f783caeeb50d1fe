// Content of the public catalogue seed (issue 4): teachers, topic bank, classes, questions, FAQs.

export type TeacherSeed = {
  firstName: string;
  lastName: string;
  gender: 'male' | 'female';
  dob: string;
  phone: string;
  qualification: 'PHD' | 'Masters' | 'Degree' | 'Diploma';
  curriculum: string;
  workplace: string;
  biography: string;
  subjects: string[];
};

/** Sixteen more approved teachers: with the four of the commerce seed, twenty in all. */
export const CATALOGUE_TEACHERS: TeacherSeed[] = [
  {
    firstName: 'Faith',
    lastName: 'Wanjiku',
    gender: 'female',
    dob: '1989-02-17',
    phone: '254712100201',
    qualification: 'Degree',
    curriculum: 'cbc',
    workplace: 'Moi Avenue Primary School, Nairobi',
    biography:
      'Upper primary teacher who makes mathematics feel like a game. I use counters, number lines and short daily challenges so learners enjoy numbers again.',
    subjects: ['mathematics', 'science-and-technology'],
  },
  {
    firstName: 'Kevin',
    lastName: 'Omondi',
    gender: 'male',
    dob: '1986-07-09',
    phone: '254712100202',
    qualification: 'Masters',
    curriculum: '8-4-4',
    workplace: 'Kisumu Boys High School',
    biography:
      'Physics and Mathematics teacher with fourteen years of KCSE classes. I explain every formula from first principles and practise with real past papers.',
    subjects: ['physics', 'mathematics'],
  },
  {
    firstName: 'Mercy',
    lastName: 'Chebet',
    gender: 'female',
    dob: '1991-11-23',
    phone: '254712100203',
    qualification: 'Degree',
    curriculum: '8-4-4',
    workplace: 'Moi Girls High School, Eldoret',
    biography:
      'Biology and Agriculture teacher. Diagrams, field examples from Rift Valley farms and plenty of revision questions make the syllabus stick.',
    subjects: ['biology', 'agriculture'],
  },
  {
    firstName: 'Samuel',
    lastName: 'Mutiso',
    gender: 'male',
    dob: '1983-04-30',
    phone: '254712100204',
    qualification: 'Masters',
    curriculum: '8-4-4',
    workplace: 'Machakos School',
    biography:
      'History and CRE teacher and KCSE examiner. I teach learners to structure essays that earn full marks and to remember dates through stories.',
    subjects: ['history', 'cre'],
  },
  {
    firstName: 'Lucy',
    lastName: 'Njeri',
    gender: 'female',
    dob: '1993-08-14',
    phone: '254712100205',
    qualification: 'Degree',
    curriculum: 'cbc',
    workplace: 'Thika Road Junior School',
    biography:
      'Junior school Integrated Science teacher. Every lesson has a simple experiment learners can repeat at home with kitchen materials.',
    subjects: ['integrated-science', 'agriculture'],
  },
  {
    firstName: 'Brian',
    lastName: 'Kiplagat',
    gender: 'male',
    dob: '1990-01-05',
    phone: '254712100206',
    qualification: 'Degree',
    curriculum: 'igcse',
    workplace: 'Peponi School, Ruiru',
    biography:
      'IGCSE Chemistry and Physics teacher. I focus on exam technique, practical skills and the command words Cambridge examiners look for.',
    subjects: ['chemistry', 'physics'],
  },
  {
    firstName: 'Esther',
    lastName: 'Achieng',
    gender: 'female',
    dob: '1987-05-21',
    phone: '254712100207',
    qualification: 'Masters',
    curriculum: 'cbc',
    workplace: 'Kisumu Day Junior School',
    biography:
      'English teacher for junior and senior school. Reading circles, creative writing and oral skills, with feedback on every composition.',
    subjects: ['english'],
  },
  {
    firstName: 'Hassan',
    lastName: 'Abdi',
    gender: 'male',
    dob: '1985-10-11',
    phone: '254712100208',
    qualification: 'Degree',
    curriculum: '8-4-4',
    workplace: 'Garissa High School',
    biography:
      'Kiswahili and Geography teacher. Fasihi, sarufi na insha kwa mifano ya kila siku, and map work made simple.',
    subjects: ['kiswahili', 'geography'],
  },
  {
    firstName: 'Joyce',
    lastName: 'Wambui',
    gender: 'female',
    dob: '1992-03-03',
    phone: '254712100209',
    qualification: 'Diploma',
    curriculum: 'cbc',
    workplace: 'Nyeri Hill Primary School',
    biography:
      'Lower and upper primary teacher for literacy and Creative Arts. Phonics, handwriting and art projects that build confidence early.',
    subjects: ['english', 'creative-arts'],
  },
  {
    firstName: 'Collins',
    lastName: 'Otieno',
    gender: 'male',
    dob: '1994-12-19',
    phone: '254712100210',
    qualification: 'Degree',
    curriculum: 'igcse',
    workplace: 'Braeburn School, Nairobi',
    biography:
      'Computer Science teacher and software developer. Python, algorithms and problem solving with small projects learners are proud of.',
    subjects: ['computer-science', 'mathematics'],
  },
  {
    firstName: 'Nafula',
    lastName: 'Simiyu',
    gender: 'female',
    dob: '1988-06-27',
    phone: '254712100211',
    qualification: 'Degree',
    curriculum: '8-4-4',
    workplace: 'Bungoma High School',
    biography:
      'Business Studies teacher and former bank officer. Real Kenyan business cases, book-keeping practice and clear revision notes.',
    subjects: ['business-studies'],
  },
  {
    firstName: 'Patrick',
    lastName: 'Mwende',
    gender: 'male',
    dob: '1984-09-08',
    phone: '254712100212',
    qualification: 'PHD',
    curriculum: '8-4-4',
    workplace: 'Kenya High School, Nairobi',
    biography:
      'Chemistry teacher with a doctorate in analytical chemistry. I connect theory to the lab and to industry in Kenya, from Magadi soda to Mumias sugar.',
    subjects: ['chemistry', 'biology'],
  },
  {
    firstName: 'Halima',
    lastName: 'Omar',
    gender: 'female',
    dob: '1990-04-16',
    phone: '254712100213',
    qualification: 'Degree',
    curriculum: 'cbc',
    workplace: 'Mombasa Junior Academy',
    biography:
      'Social Studies and Kiswahili teacher. I link lessons to our communities, our coast and our history, with projects learners present to the class.',
    subjects: ['social-studies', 'kiswahili'],
  },
  {
    firstName: 'George',
    lastName: 'Kamau',
    gender: 'male',
    dob: '1982-02-28',
    phone: '254712100214',
    qualification: 'Masters',
    curriculum: 'igcse',
    workplace: 'Hillcrest Secondary School, Nairobi',
    biography:
      'IGCSE and A Level Mathematics teacher. Structured notes, worked examples and timed practice for Cambridge papers.',
    subjects: ['mathematics'],
  },
  {
    firstName: 'Ann',
    lastName: 'Muthoni',
    gender: 'female',
    dob: '1995-07-02',
    phone: '254712100215',
    qualification: 'Degree',
    curriculum: 'cbc',
    workplace: 'Karen C Junior School',
    biography:
      'Pre-Technical Studies and Computer Science teacher for junior school. Safety, drawing, simple tools and first steps in coding.',
    subjects: ['pre-technical-studies', 'computer-science'],
  },
  {
    firstName: 'Dennis',
    lastName: 'Rotich',
    gender: 'male',
    dob: '1989-11-30',
    phone: '254712100216',
    qualification: 'Degree',
    curriculum: '8-4-4',
    workplace: 'Kapsabet Boys High School',
    biography:
      'Geography and Agriculture teacher. Map reading, field work and farm projects, with exam answers that score.',
    subjects: ['geography', 'agriculture'],
  },
];

/** Topics per subject: [name, objective]. A class takes them in order. */
export const TOPIC_BANK: Record<string, Array<[string, string]>> = {
  mathematics: [
    ['Whole numbers', 'Read, write and round whole numbers and use them in money problems.'],
    ['Fractions', 'Add, subtract, multiply and divide fractions and mixed numbers.'],
    ['Ratio and proportion', 'Share quantities in a ratio and solve direct and inverse proportion.'],
    ['Algebra basics', 'Form, simplify and evaluate algebraic expressions.'],
    ['Simultaneous equations', 'Solve two equations by substitution and elimination.'],
    ['Geometry and constructions', 'Construct angles, bisectors and triangles with ruler and compasses.'],
    ['Statistics', 'Draw and read graphs and find the mean, median and mode.'],
  ],
  english: [
    ['Comprehension skills', 'Find main ideas, infer meaning and answer questions in full sentences.'],
    ['Grammar in use', 'Use tenses, prepositions and conjunctions correctly in writing.'],
    ['Composition', 'Plan and write a composition with a strong opening and ending.'],
    ['Oral skills', 'Speak clearly, take turns and present ideas with confidence.'],
    ['Set book study', 'Discuss characters, themes and style of the set text.'],
    ['Functional writing', 'Write letters, reports and speeches in the right format.'],
  ],
  kiswahili: [
    ['Sarufi', 'Kutumia ngeli, nyakati na viambishi kwa usahihi.'],
    ['Ufahamu', 'Kusoma kifungu na kujibu maswali kwa ufasaha.'],
    ['Insha', 'Kupanga na kuandika insha ya kusisimua yenye mwanzo na mwisho mzuri.'],
    ['Fasihi simulizi', 'Kuchambua hadithi, methali na vitendawili.'],
    ['Msamiati', 'Kujenga msamiati mpya na kuutumia katika sentensi.'],
  ],
  'integrated-science': [
    ['Laboratory safety', 'Name lab apparatus and follow safety rules in experiments.'],
    ['Mixtures and elements', 'Tell elements, compounds and mixtures apart and separate mixtures.'],
    ['Acids and bases', 'Test substances with indicators and explain neutralisation.'],
    [
      'Living things and their environment',
      'Describe food chains and how living things depend on each other.',
    ],
    ['Force and energy', 'Measure forces and explain energy changes in daily life.'],
    ['Human body systems', 'Describe the digestive and circulatory systems and keeping them healthy.'],
  ],
  chemistry: [
    ['The periodic table', 'Explain trends in groups and periods and predict properties.'],
    ['Mole concept', 'Calculate moles, masses and volumes of gases.'],
    ['Organic chemistry', 'Name alkanes, alkenes and alkanols and describe their reactions.'],
    ['Electrochemistry', 'Explain electrolysis and electrochemical cells with examples.'],
    ['Rates of reaction', 'Explain how temperature, concentration and catalysts change rates.'],
    ['Acids, bases and salts', 'Prepare salts and carry out titrations accurately.'],
  ],
  physics: [
    ['Measurement', 'Use vernier callipers and micrometer screw gauges correctly.'],
    ['Linear motion', 'Solve problems with the equations of motion and motion graphs.'],
    ['Current electricity', 'Apply Ohm’s law and work with series and parallel circuits.'],
    ['Waves and sound', 'Describe wave properties and solve problems on sound.'],
    ['Heat transfer', 'Explain conduction, convection and radiation with experiments.'],
    ['Magnetism', 'Describe magnetic fields and the magnetic effect of a current.'],
  ],
  biology: [
    ['Cell biology', 'Describe cell structures and compare plant and animal cells.'],
    ['Nutrition in plants and animals', 'Explain photosynthesis and human digestion.'],
    ['Transport in plants and animals', 'Describe transpiration and the circulatory system.'],
    ['Respiration', 'Compare aerobic and anaerobic respiration with experiments.'],
    ['Genetics', 'Solve monohybrid crosses and explain inheritance.'],
    ['Ecology', 'Estimate populations and explain energy flow in ecosystems.'],
  ],
  'computer-science': [
    ['Computational thinking', 'Break problems down and design step-by-step solutions.'],
    ['Python basics', 'Write programs with variables, input, output and selection.'],
    ['Loops and lists', 'Use loops and lists to process data.'],
    ['Algorithms', 'Trace and compare searching and sorting algorithms.'],
    ['Databases', 'Design simple tables and write SQL queries.'],
    ['Cyber safety', 'Protect accounts and data and recognise online threats.'],
  ],
  geography: [
    ['Map work', 'Read grid references, scale and relief on topographical maps.'],
    ['Weather and climate', 'Measure weather elements and describe Kenya’s climate regions.'],
    ['Agriculture in Kenya', 'Explain tea, coffee and dairy farming in Kenya.'],
    ['Population', 'Interpret population pyramids and explain migration.'],
    ['Internal land-forming processes', 'Explain folding, faulting and the Rift Valley.'],
  ],
  history: [
    ['Early people of Kenya', 'Describe the migration and settlement of Kenyan communities.'],
    ['Colonial rule', 'Explain the establishment of colonial rule and African responses.'],
    ['The struggle for independence', 'Describe the Mau Mau movement and the road to 1963.'],
    ['Government of Kenya', 'Explain the constitution, the arms of government and devolution.'],
    ['World wars', 'Explain the causes and results of the First and Second World Wars.'],
  ],
  cre: [
    ['Creation and the fall', 'Explain the creation accounts and their lessons for today.'],
    ['Old Testament prophets', 'Describe the teachings of Amos and Jeremiah.'],
    ['The life of Jesus', 'Describe key events in the ministry of Jesus.'],
    ['Christian ethics', 'Discuss Christian approaches to work, leisure and money.'],
  ],
  'business-studies': [
    ['Introduction to business', 'Describe business activities and the business environment.'],
    ['Office practice', 'Explain office roles, equipment and communication.'],
    ['Book-keeping', 'Record transactions in ledgers and balance accounts.'],
    ['Trade and commerce', 'Compare home trade, international trade and payment methods including M-Pesa.'],
    ['Entrepreneurship', 'Develop a simple business plan for a local idea.'],
  ],
  agriculture: [
    ['Soil and soil fertility', 'Test soil and explain how to keep it fertile.'],
    ['Crop production', 'Plan planting, spacing and care of a vegetable garden.'],
    ['Livestock production', 'Explain feeding and health care of poultry and dairy cattle.'],
    ['Farm tools', 'Name farm tools and use them safely.'],
  ],
  'science-and-technology': [
    ['Living things', 'Group plants and animals by their features.'],
    ['Water', 'Explain sources of water and ways to make it safe.'],
    ['Simple machines', 'Use levers and pulleys to make work easier.'],
    ['Digital devices', 'Use a tablet or computer safely for learning.'],
    ['Health and hygiene', 'Explain hand washing, balanced diets and preventing diseases.'],
  ],
  'social-studies': [
    ['Our county', 'Describe the physical features and resources of our county.'],
    ['Citizenship', 'Explain children’s rights and responsibilities.'],
    ['Culture and heritage', 'Describe Kenyan cultural practices and why we preserve them.'],
    ['Resources and economic activities', 'Explain fishing, mining and tourism in Kenya.'],
  ],
  'creative-arts': [
    ['Drawing and painting', 'Draw from observation and mix colours.'],
    ['Music', 'Sing Kenyan folk songs and keep rhythm with simple instruments.'],
    ['Craft', 'Make a craft item from local materials.'],
    ['Drama', 'Perform a short play with clear voices and movement.'],
  ],
  'pre-technical-studies': [
    ['Safety in the workshop', 'Follow workshop safety rules and use protective equipment.'],
    ['Technical drawing', 'Draw plans and elevations of simple objects to scale.'],
    ['Materials and tools', 'Choose materials and tools for simple projects.'],
    ['Entrepreneurship basics', 'Turn a small project into a business idea.'],
  ],
};

export type ClassSeed = {
  title: string;
  description: string;
  subject: string;
  grade: string;
  teacher: string;
  type: 'catch_up' | 'revision' | 'get_ahead';
  frequency: 'daily' | 'weekly' | 'monthly';
};

/** Thirty classes; teachers are named by e-mail (the commerce seed's and this file's). */
export const CLASSES: ClassSeed[] = [
  {
    title: 'Grade 7 Mathematics catch-up',
    description: 'Six weekly lessons that close the gaps of term one, from fractions to simple equations.',
    subject: 'mathematics',
    grade: 'cbc-grade-7',
    teacher: 'teacher@example.com',
    type: 'catch_up',
    frequency: 'weekly',
  },
  {
    title: 'Grade 5 Mathematics get-ahead',
    description: 'Start next term’s topics early with games, number lines and short daily practice.',
    subject: 'mathematics',
    grade: 'cbc-grade-5',
    teacher: 'faith.wanjiku@example.com',
    type: 'get_ahead',
    frequency: 'weekly',
  },
  {
    title: 'Grade 6 KPSEA Mathematics revision',
    description: 'Daily revision week for KPSEA: past questions, timing and common mistakes.',
    subject: 'mathematics',
    grade: 'cbc-grade-6',
    teacher: 'faith.wanjiku@example.com',
    type: 'revision',
    frequency: 'daily',
  },
  {
    title: 'Form 4 KCSE Physics revision',
    description: 'Weekly KCSE revision through past papers, with marking-scheme tips after every question.',
    subject: 'physics',
    grade: '8-4-4-form-4',
    teacher: 'kevin.omondi@example.com',
    type: 'revision',
    frequency: 'weekly',
  },
  {
    title: 'Form 3 Mathematics catch-up',
    description: 'Rebuild algebra and geometry foundations before Form 4 begins.',
    subject: 'mathematics',
    grade: '8-4-4-form-3',
    teacher: 'kevin.omondi@example.com',
    type: 'catch_up',
    frequency: 'weekly',
  },
  {
    title: 'Form 2 Biology catch-up',
    description: 'Cells, nutrition and transport explained with diagrams and short quizzes.',
    subject: 'biology',
    grade: '8-4-4-form-2',
    teacher: 'mercy.chebet@example.com',
    type: 'catch_up',
    frequency: 'weekly',
  },
  {
    title: 'Form 3 Agriculture get-ahead',
    description: 'Soil, crops and livestock ahead of the term, with a home garden project.',
    subject: 'agriculture',
    grade: '8-4-4-form-3',
    teacher: 'mercy.chebet@example.com',
    type: 'get_ahead',
    frequency: 'monthly',
  },
  {
    title: 'Form 4 History essay revision',
    description: 'Structure KCSE History essays and remember key dates through stories.',
    subject: 'history',
    grade: '8-4-4-form-4',
    teacher: 'samuel.mutiso@example.com',
    type: 'revision',
    frequency: 'weekly',
  },
  {
    title: 'Form 2 CRE catch-up',
    description: 'The Old Testament prophets and the life of Jesus, topic by topic.',
    subject: 'cre',
    grade: '8-4-4-form-2',
    teacher: 'samuel.mutiso@example.com',
    type: 'catch_up',
    frequency: 'monthly',
  },
  {
    title: 'Grade 8 Integrated Science get-ahead',
    description: 'Home experiments that prepare learners for next term’s science topics.',
    subject: 'integrated-science',
    grade: 'cbc-grade-8',
    teacher: 'lucy.njeri@example.com',
    type: 'get_ahead',
    frequency: 'weekly',
  },
  {
    title: 'Grade 9 Integrated Science revision',
    description: 'Daily revision for the junior school assessment, one system a day.',
    subject: 'integrated-science',
    grade: 'cbc-grade-9',
    teacher: 'lucy.njeri@example.com',
    type: 'revision',
    frequency: 'daily',
  },
  {
    title: 'IGCSE Year 11 Chemistry revision',
    description: 'Exam technique, practical questions and command words for Cambridge Chemistry.',
    subject: 'chemistry',
    grade: 'igcse-year-11',
    teacher: 'brian.kiplagat@example.com',
    type: 'revision',
    frequency: 'weekly',
  },
  {
    title: 'IGCSE Year 10 Physics get-ahead',
    description: 'Motion, electricity and waves ahead of the Cambridge syllabus.',
    subject: 'physics',
    grade: 'igcse-year-10',
    teacher: 'brian.kiplagat@example.com',
    type: 'get_ahead',
    frequency: 'weekly',
  },
  {
    title: 'Grade 8 English composition class',
    description: 'Write compositions that score: planning, openings, dialogue and endings.',
    subject: 'english',
    grade: 'cbc-grade-8',
    teacher: 'esther.achieng@example.com',
    type: 'catch_up',
    frequency: 'weekly',
  },
  {
    title: 'Grade 10 English set book revision',
    description: 'Characters, themes and style of the set texts with essay practice.',
    subject: 'english',
    grade: 'cbc-grade-10',
    teacher: 'esther.achieng@example.com',
    type: 'revision',
    frequency: 'weekly',
  },
  {
    title: 'Form 4 Kiswahili insha na fasihi',
    description: 'Marudio ya insha na fasihi kwa mtihani wa KCSE, kila wiki.',
    subject: 'kiswahili',
    grade: '8-4-4-form-4',
    teacher: 'hassan.abdi@example.com',
    type: 'revision',
    frequency: 'weekly',
  },
  {
    title: 'Form 2 Geography map work',
    description: 'Read topographical maps with confidence: grid references, scale and relief.',
    subject: 'geography',
    grade: '8-4-4-form-2',
    teacher: 'hassan.abdi@example.com',
    type: 'catch_up',
    frequency: 'weekly',
  },
  {
    title: 'Grade 3 reading and phonics',
    description: 'Phonics, reading aloud and handwriting for confident young readers.',
    subject: 'english',
    grade: 'cbc-grade-3',
    teacher: 'joyce.wambui@example.com',
    type: 'catch_up',
    frequency: 'daily',
  },
  {
    title: 'Grade 5 Creative Arts holiday class',
    description: 'Drawing, music, craft and drama from local materials.',
    subject: 'creative-arts',
    grade: 'cbc-grade-5',
    teacher: 'joyce.wambui@example.com',
    type: 'get_ahead',
    frequency: 'weekly',
  },
  {
    title: 'IGCSE Year 10 Python programming',
    description: 'From first programs to loops, lists and algorithms, with a small project.',
    subject: 'computer-science',
    grade: 'igcse-year-10',
    teacher: 'collins.otieno@example.com',
    type: 'get_ahead',
    frequency: 'weekly',
  },
  {
    title: 'Grade 8 coding for beginners',
    description: 'Computational thinking and first Python programs for junior school.',
    subject: 'computer-science',
    grade: 'cbc-grade-8',
    teacher: 'collins.otieno@example.com',
    type: 'get_ahead',
    frequency: 'monthly',
  },
  {
    title: 'Form 3 Business Studies book-keeping',
    description: 'Ledgers, trial balances and trade, with Kenyan business examples.',
    subject: 'business-studies',
    grade: '8-4-4-form-3',
    teacher: 'nafula.simiyu@example.com',
    type: 'catch_up',
    frequency: 'weekly',
  },
  {
    title: 'Form 4 Chemistry KCSE revision',
    description: 'Organic chemistry, moles and electrochemistry through past KCSE papers.',
    subject: 'chemistry',
    grade: '8-4-4-form-4',
    teacher: 'patrick.mwende@example.com',
    type: 'revision',
    frequency: 'weekly',
  },
  {
    title: 'Form 1 Biology get-ahead',
    description: 'Start secondary Biology with confidence: cells, nutrition and the microscope.',
    subject: 'biology',
    grade: '8-4-4-form-1',
    teacher: 'patrick.mwende@example.com',
    type: 'get_ahead',
    frequency: 'weekly',
  },
  {
    title: 'Grade 6 Social Studies projects',
    description: 'Our county, citizenship and heritage through short projects.',
    subject: 'social-studies',
    grade: 'cbc-grade-6',
    teacher: 'halima.omar@example.com',
    type: 'catch_up',
    frequency: 'weekly',
  },
  {
    title: 'Grade 7 Kiswahili sarufi na insha',
    description: 'Sarufi, msamiati na insha kwa wanafunzi wa shule ya upili ya chini.',
    subject: 'kiswahili',
    grade: 'cbc-grade-7',
    teacher: 'halima.omar@example.com',
    type: 'catch_up',
    frequency: 'weekly',
  },
  {
    title: 'IGCSE Year 11 Mathematics revision',
    description: 'Timed practice and worked solutions for Cambridge Extended Mathematics.',
    subject: 'mathematics',
    grade: 'igcse-year-11',
    teacher: 'george.kamau@example.com',
    type: 'revision',
    frequency: 'daily',
  },
  {
    title: 'Grade 7 Pre-Technical Studies',
    description: 'Workshop safety, technical drawing and small projects for junior school.',
    subject: 'pre-technical-studies',
    grade: 'cbc-grade-7',
    teacher: 'ann.muthoni@example.com',
    type: 'get_ahead',
    frequency: 'weekly',
  },
  {
    title: 'Form 3 Geography field skills',
    description: 'Weather, climate and land forms with field work you can do at home.',
    subject: 'geography',
    grade: '8-4-4-form-3',
    teacher: 'dennis.rotich@example.com',
    type: 'get_ahead',
    frequency: 'weekly',
  },
  {
    title: 'Form 2 Chemistry catch-up',
    description: 'The periodic table, the mole and salts, step by step.',
    subject: 'chemistry',
    grade: '8-4-4-form-2',
    teacher: 'james.ochieng@example.com',
    type: 'catch_up',
    frequency: 'weekly',
  },
];

/** Hand-written questions: [subject, grade, title, body]. */
export const QUESTIONS: Array<[string, string, string, string]> = [
  [
    'mathematics',
    'cbc-grade-7',
    'How do I factorise x² + 5x + 6?',
    'I keep getting the signs wrong when I factorise quadratic expressions. Is there a quick way to check my answer?',
  ],
  [
    'mathematics',
    'cbc-grade-7',
    'Why do we flip the second fraction when dividing?',
    'Our teacher said "keep, change, flip" but I do not understand why it works. Can someone explain with an example?',
  ],
  [
    'physics',
    '8-4-4-form-4',
    'What is the difference between Faraday’s and Lenz’s law?',
    'Both talk about induced e.m.f. in a coil. How do I know which one a KCSE question wants me to use?',
  ],
  [
    'chemistry',
    '8-4-4-form-2',
    'How do I work out the electron arrangement of calcium?',
    'Calcium has 20 electrons. Is it 2.8.8.2 or 2.8.10? I have seen both in different books.',
  ],
  [
    'english',
    'cbc-grade-4',
    'How long should a Grade 4 composition be?',
    'My daughter writes very short compositions. How many paragraphs should she aim for in the exam?',
  ],
  [
    'kiswahili',
    'cbc-grade-4',
    'Ngeli ya A-WA inatumika vipi?',
    'Ninachanganya ngeli ya A-WA na KI-VI. Naomba mifano ya sentensi sahihi.',
  ],
  [
    'biology',
    '8-4-4-form-2',
    'Why is the left ventricle wall thicker than the right?',
    'I know it pumps blood to the whole body, but how should I explain it in an exam answer for full marks?',
  ],
  [
    'computer-science',
    'igcse-year-10',
    'What is the difference between a while loop and a for loop?',
    'In Python both repeat code. When should I use one or the other in my pseudocode answers?',
  ],
  [
    'history',
    '8-4-4-form-4',
    'What were the main causes of the Mau Mau uprising?',
    'I need to list and explain six causes for an essay question. Which ones do examiners expect?',
  ],
  [
    'geography',
    '8-4-4-form-2',
    'How do I calculate the area of a region on a topographical map?',
    'The question gives a scale of 1:50,000. Do I count squares or use a formula?',
  ],
  [
    'integrated-science',
    'cbc-grade-7',
    'Why does salt water boil at a higher temperature?',
    'We boiled salty water in class and it took longer. What is the scientific reason?',
  ],
  [
    'business-studies',
    '8-4-4-form-3',
    'What is the difference between a debit and a credit entry?',
    'I get confused about which side of the ledger to record a cash purchase.',
  ],
  [
    'mathematics',
    'igcse-year-10',
    'When should I complete the square instead of using the formula?',
    'Both give the roots of a quadratic. Is one faster in the Cambridge exam?',
  ],
  [
    'agriculture',
    '8-4-4-form-3',
    'How do I know if my soil is acidic?',
    'Our school garden plants are yellowing. Is there a simple test we can do without a lab?',
  ],
  [
    'cre',
    '8-4-4-form-2',
    'What did Amos teach about social justice?',
    'Which verses should I quote when answering questions on Amos and justice for the poor?',
  ],
  [
    'physics',
    'igcse-year-10',
    'Why do we use a resistor in series with an LED?',
    'My circuit worked without it, but my teacher insists on one. What happens to the LED otherwise?',
  ],
  [
    'english',
    'cbc-grade-10',
    'How do I write a good essay on a set book theme?',
    'I know the story well but my essays score low. How should I structure the paragraphs?',
  ],
  [
    'chemistry',
    'igcse-year-11',
    'How do I balance redox equations?',
    'Half equations confuse me, especially in acidic solution. Is there a step-by-step method?',
  ],
  [
    'mathematics',
    '8-4-4-form-3',
    'How do I solve simultaneous equations with fractions?',
    'When the equations have fractions I get lost. Should I clear the fractions first?',
  ],
  [
    'social-studies',
    'cbc-grade-6',
    'What are the main physical features of Kenya?',
    'I need to draw a sketch map showing mountains, lakes and rivers. Which ones are most important?',
  ],
];

/** Subjects and grades for the templated questions that follow the hand-written ones. */
export const QUESTION_TEMPLATES: Array<(topic: string, grade: string) => [title: string, body: string]> = [
  (topic, grade) => [
    `Can someone explain ${topic.toLowerCase()} simply?`,
    `We covered ${topic.toLowerCase()} in ${grade} this week and I am still stuck. A simple explanation with one worked example would help a lot.`,
  ],
  (topic, grade) => [
    `Best way to revise ${topic.toLowerCase()} for exams?`,
    `Exams are coming and ${topic.toLowerCase()} is my weakest topic in ${grade}. How should I revise it in two weeks?`,
  ],
  (topic, grade) => [
    `Common mistakes in ${topic.toLowerCase()} questions`,
    `I keep losing marks on ${topic.toLowerCase()} questions in ${grade} tests. What mistakes do examiners see most often?`,
  ],
];

/**
 * The answers each hand-written question gets (by title), in the order they are posted: a question
 * gets as many as the seed gives it (none, one, two or three), each about that question.
 */
export const QUESTION_ANSWERS: Record<string, string[]> = {
  'How do I factorise x² + 5x + 6?': [
    'Look for two numbers that multiply to give the last term and add up to the middle one. For x² + 5x + 6 those are 2 and 3, so it factorises to (x + 2)(x + 3). Expand it to check.',
    'Check the signs with the constant: +6 means both factors have the same sign, and +5x means both are positive.',
    'Put x = 1 into both forms: 1 + 5 + 6 = 12 and (1 + 2)(1 + 3) = 12. If they agree, your factors are right.',
  ],
  'Why do we flip the second fraction when dividing?': [
    'Dividing by a number is the same as multiplying by its reciprocal. 6 ÷ 2 = 6 × ½. So ¾ ÷ ½ = ¾ × 2/1 = 1½: "flip" just means use the reciprocal.',
    'Think of it as "how many halves fit into ¾?" One and a half halves do, which is what ¾ × 2 (the reciprocal of ½) gives.',
    'Check with whole numbers: 8 ÷ 4 = 2 and 8 × ¼ = 2. Multiplying by the reciprocal always gives the same answer.',
  ],
  'What is the difference between Faraday’s and Lenz’s law?': [
    'Faraday’s law gives the size of the induced e.m.f. (it depends on how fast the flux changes); Lenz’s law gives its direction (the induced current opposes the change).',
    'If the question asks "how big" or "what affects the e.m.f.", use Faraday. If it asks "which way does the current flow" or "why is work needed", use Lenz.',
    'A magnet pushed into a coil: Faraday says a faster push gives a bigger e.m.f.; Lenz says the coil’s near end becomes the same pole, so it repels the magnet.',
  ],
  'How do I work out the electron arrangement of calcium?': [
    'It is 2.8.8.2. The third shell takes 8 electrons before the fourth shell starts filling at KCSE level, so the last 2 go into the fourth shell.',
    'Add the shells up to check: 2 + 8 + 8 + 2 = 20, the atomic number of calcium. Group II elements all end with 2 outer electrons.',
    '2.8.10 is wrong for KCSE: only from scandium on do electrons go back into the third shell. Calcium is in Group II, Period 4.',
  ],
  'How long should a Grade 4 composition be?': [
    'Aim for three or four short paragraphs: an opening, two middle paragraphs that tell what happened, and an ending, about one page.',
    'Help her plan first: one line for each paragraph. A composition that is planned is usually longer and better organised.',
    'Read good compositions together and count the paragraphs and describing words. Length comes with practice.',
  ],
  'Ngeli ya A-WA inatumika vipi?': [
    'Ngeli ya A-WA ni ya viumbe hai: mtoto anacheza, watoto wanacheza. Ngeli ya KI-VI ni ya vitu: kiti kimevunjika, viti vimevunjika.',
    'Katika ngeli ya A-WA tumia kiambishi "a-" kwa umoja na "wa-" kwa wingi: mwalimu anafundisha, walimu wanafundisha.',
    'Kumbuka kuwa hata wanyama ni A-WA: ng’ombe analala, ng’ombe wanalala.',
  ],
  'Why is the left ventricle wall thicker than the right?': [
    'The left ventricle pumps blood to the whole body, so it must produce a much higher pressure; the right ventricle only pumps to the lungs, which are close.',
    'For full marks say both points: the left ventricle pumps blood over a longer distance (systemic circulation) at high pressure, so it has more cardiac muscle.',
    'Also mention that high pressure in the lungs would damage the delicate alveoli, so the right ventricle’s thinner wall is an advantage.',
  ],
  'What is the difference between a while loop and a for loop?': [
    'Use a for loop (FOR … TO … NEXT) when you know how many times to repeat; use a while loop when you repeat until a condition changes.',
    'Input validation is a classic while loop: keep asking WHILE the value is invalid. Adding up 10 numbers is a classic for loop.',
    'Any for loop can be written as a while loop with a counter, but the for loop is shorter and examiners expect it for counted repetition.',
  ],
  'What were the main causes of the Mau Mau uprising?': [
    'Land alienation is the main one: Africans lost fertile land in the White Highlands to settlers. Add forced labour, the kipande system and heavy taxation.',
    'Also explain the return of ex-soldiers from World War II, the frustration with slow colonial reforms, and the rise of nationalist leaders.',
    'For six causes: land, labour, taxation, the kipande, racial discrimination and the failure of constitutional means such as KAU’s petitions to the colonial government.',
  ],
  'How do I calculate the area of a region on a topographical map?': [
    'Count the full grid squares in the region, then count the squares that are half or more inside as full and ignore the rest. On 1:50,000 each grid square is 1 km², so the count is the area in km².',
    'For an irregular shape, count full squares and then divide the number of partial squares by two, then add them.',
    'Always give the unit (km²) and state that the answer is approximate. Examiners accept a small range around their value.',
  ],
  'Why does salt water boil at a higher temperature?': [
    'Dissolved salt raises the boiling point: the salt particles get in the way of water molecules escaping, so you need a higher temperature to boil.',
    'It is the same reason pure water is used to check a thermometer at 100 °C: impurities change the boiling point.',
    'Your pot also took longer because more heat was needed to reach the higher boiling point.',
  ],
  'What is the difference between a debit and a credit entry?': [
    'Debit the account that receives value and credit the account that gives it. A cash purchase: debit Purchases, credit Cash.',
    'Remember: assets and expenses increase on the debit side; liabilities, capital and income increase on the credit side.',
    'Every transaction has both a debit and a credit entry of the same amount. That is double entry, and it is why the trial balance agrees.',
  ],
  'When should I complete the square instead of using the formula?': [
    'Complete the square when the question asks for the turning point or the form (x + a)² + b. Use the formula when it asks for roots to a number of decimal places.',
    'If the coefficient of x is even, completing the square is often faster. If the numbers are awkward, the formula is safer.',
    'In Cambridge papers, "give your answer in the form p ± √q" is a hint to complete the square.',
  ],
  'How do I know if my soil is acidic?': [
    'Use a simple pH test: mix soil with distilled water, let it settle, and test it with universal indicator paper. Below pH 7 is acidic.',
    'Without indicator paper, boil red cabbage to get a natural indicator; it turns pink-red in acidic soil water.',
    'Yellowing can also mean nitrogen shortage, so test the pH before adding lime to correct acidity.',
  ],
  'What did Amos teach about social justice?': [
    'Amos condemned the rich who sold the righteous for silver and the needy for a pair of sandals (Amos 2:6–7) and called for justice to roll down like waters (Amos 5:24).',
    'Quote his attacks on corrupt courts and false weights in the market (Amos 8:4–6) to show that Amos links worship with fair treatment of the poor.',
    'For application questions, relate Amos to today: corruption, land grabbing and exploiting workers are the injustices Amos preached against.',
  ],
  'Why do we use a resistor in series with an LED?': [
    'The resistor limits the current. Without it the LED draws too much current and overheats or burns out, even if it lights for a moment.',
    'Work out the resistor with R = (supply voltage − LED voltage) ÷ current, for example (9 − 2) ÷ 0.02 = 350 Ω.',
    'Your circuit may have worked because the battery’s own resistance limited the current, but it will not be safe with a stronger supply.',
  ],
  'How do I write a good essay on a set book theme?': [
    'Start with a short introduction that states the theme and your stand. Then give one illustration of the theme per paragraph, each with an example from the book.',
    'Each body paragraph: make your point, give an example from the text, explain how it shows the theme. Aim for five or six such paragraphs.',
    'End with a conclusion that links the theme back to the question. Avoid retelling the story: examiners reward analysis of the theme, not narration.',
  ],
  'How do I balance redox equations?': [
    'Write the two half equations. Balance the atoms other than O and H, then O with H₂O, then H with H⁺, then the charge with electrons.',
    'Multiply the half equations so both have the same number of electrons, then add them and cancel what appears on both sides.',
    'Check at the end that atoms and charge balance and no electrons are left over. In alkaline solution, add OH⁻ to both sides to remove H⁺.',
  ],
  'How do I solve simultaneous equations with fractions?': [
    'Yes: clear the fractions first by multiplying each equation by the LCM of its denominators. Then solve by elimination as usual.',
    'For x/2 + y/3 = 4, multiply every term by 6: 3x + 2y = 24. Do the same with the second equation.',
    'Substitute your answers into the original fraction equations to check; mistakes usually happen when a term is not multiplied by the LCM.',
  ],
  'What are the main physical features of Kenya?': [
    'Mountains: Mount Kenya, Mount Elgon and the Aberdares. Lakes: Lake Victoria, Lake Turkana and Lake Naivasha. Rivers: Tana and Athi.',
    'Also show the Great Rift Valley running north to south, with its lakes such as Nakuru and Baringo.',
    'On a sketch map, use the standard symbols and a key: triangles for mountains, blue lines for rivers, and shade the lakes.',
  ],
};

/** Answers to the templated questions, by template (the same order as QUESTION_TEMPLATES). */
export const TEMPLATE_ANSWERS: Array<Array<(topic: string) => string>> = [
  [
    (topic) =>
      `Start with what ${topic.toLowerCase()} means in your own words, then do the simplest example you can. Once that works, change one thing at a time.`,
    (topic) =>
      `Draw a quick diagram or table for ${topic.toLowerCase()}; seeing it often makes the idea click before the worked example.`,
    (topic) =>
      `Ask your teacher for one worked example on ${topic.toLowerCase()} and copy each step with the reason next to it.`,
  ],
  [
    (topic) =>
      `Do past paper questions on ${topic.toLowerCase()}: one question a day, marked with the marking scheme, noting why you lost each mark.`,
    (topic) =>
      `Make a one-page summary of ${topic.toLowerCase()} with the key terms and one example each, and test yourself on it every evening.`,
    (topic) =>
      `Practise ${topic.toLowerCase()} questions with a timer in the second week, so you finish them fast enough in the exam.`,
  ],
  [
    (topic) =>
      `In ${topic.toLowerCase()} the most common mistake is skipping steps. Write each step: examiners give marks for the method even if the answer is wrong.`,
    (topic) =>
      `Many learners misread ${topic.toLowerCase()} questions. Underline what is asked and check your answer against it at the end.`,
    (topic) =>
      `Check units and labels in ${topic.toLowerCase()} answers; a correct working with a missing unit still loses a mark.`,
  ],
];

/**
 * The `nth` answer (from 0) to a seeded question: its own for a hand-written one, else one of its
 * template's (`template`, the index in QUESTION_TEMPLATES) about its `topic`.
 */
export function answerTo(question: { title: string; template: number; topic: string }, nth: number): string {
  const own = QUESTION_ANSWERS[question.title];
  if (own?.length) return own[nth % own.length] ?? '';
  const answers = TEMPLATE_ANSWERS[question.template % TEMPLATE_ANSWERS.length] ?? [];
  return answers[nth % Math.max(1, answers.length)]?.(question.topic) ?? '';
}

export const FAQS: Array<[slug: string, question: string, answer: string]> = [
  [
    'paying-by-mpesa',
    'How do I pay for a lesson with M-Pesa?',
    'Add the lesson to your cart and open checkout. Choose M-Pesa, enter your Safaricom number and confirm the prompt on your phone with your M-Pesa PIN.\n\nYou can also pay by paybill: checkout shows the business number and an account number for your cart.',
  ],
  [
    'wallet',
    'What is the Somesha wallet?',
    'Your wallet holds money you have topped up by M-Pesa or card. Paying from the wallet is instant and only needs your 4-digit wallet PIN.',
  ],
  [
    'refunds',
    'Can I get a refund?',
    'If a teacher cancels a lesson, the full amount goes back to your wallet the same day. If you cannot attend, contact support at least 24 hours before the lesson starts and we will move your booking or refund it to your wallet.',
  ],
  [
    'how-lessons-run',
    'How do online lessons run?',
    'Each lesson is a live video class. From 15 minutes before the start, a Join button appears on the lesson page. A smartphone with a stable data connection is enough; a laptop or tablet gives a bigger view of the board.',
  ],
  [
    'data-use',
    'How much data does a lesson use?',
    'A one-hour lesson uses about 300 to 500 MB of data on video. Turning off your own camera saves data without missing anything the teacher shows.',
  ],
  [
    'teacher-vetting',
    'How are teachers checked?',
    'Every teacher sends their national ID and TSC number and is interviewed before approval. Only approved teachers can offer lessons and classes.',
  ],
  [
    'safety',
    'How do you keep children safe?',
    'Lessons happen in group classrooms on the platform, never in private chats. Teachers cannot see learners’ phone numbers or e-mail addresses, and every class can be reported to our safeguarding team.',
  ],
  [
    'parents-and-children',
    'Can parents book for their children?',
    'Yes. A parent account can add children, book lessons and classes for each of them, and follow their timetable and progress from one place.',
  ],
  [
    'plans',
    'What do the plans include?',
    'Plans give you a number of live lessons each month, questions to teachers and progress reports. You can also book single lessons without a plan.',
  ],
  [
    'curricula',
    'Which curricula do you cover?',
    'We cover the Competency Based Curriculum (CBC), the 8-4-4 system and Cambridge IGCSE, from lower primary to senior school.',
  ],
];
