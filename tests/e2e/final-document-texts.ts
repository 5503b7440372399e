/**
 * A fully written Innobooster application in Danish, as a company would hand it in: the text of
 * every text section at the length the fund's own form takes, the answers to its inputs, an
 * activity plan and deliverables. The budget is typed in the editor by the test itself.
 */

export const applicationTitle = 'Halv-strøm-pumpen';
export const applicationDescription =
  'Varmeværket udvikler en varmepumpe til parcelhuse, der styrer kompressoren efter en prognose for udetemperatur og elpris. ' +
  'Målet er at bruge halvt så meget strøm som de bedste pumper på markedet i dag og at være klar til salg i 2029.';

/** Section texts by the seeded section's Danish title. */
export const sectionTexts: Record<string, string> = {
  Projektresumé:
    'Danske parcelhuse skifter oliefyr og gasfyr ud med varmepumper, men de bedste pumper på markedet bruger stadig for meget strøm på de koldeste dage, netop når elprisen er højest. ' +
    'Varmeværket vil udvikle en varmepumpe, der styrer sin kompressor efter en prognose for udetemperatur og elpris for det næste døgn og lagrer varme i husets gulv og i en lille buffertank, før prisen stiger.\n\n' +
    'Det nye er styringen: i stedet for at reagere på den temperatur, der er nu, planlægger pumpen sit forbrug. Vores beregninger på målte data fra 40 huse viser, at et hus med gulvvarme kan flytte op til 60 % af forbruget væk fra de dyre timer uden at komforten falder.\n\n' +
    'Projektet bygger og tester en prototype i tre huse over en fyringssæson. Lykkes det, sælger vi pumpen fra 2029 gennem vores nuværende installatørnet og forventer en omsætning på 45 mio. kr. om året tre år efter projektet.',
  'Virksomheden og teamet':
    'Varmeværket ApS blev stiftet i 2019 og installerer og servicerer varmepumper i Region Midtjylland. Vi har 14 medarbejdere, heraf fire ingeniører, og omsatte sidste år for 21 mio. kr. med et bruttoresultat på 6,8 mio. kr. ' +
    'Vi har installeret over 900 varmepumper og har serviceaftaler med 610 husstande; det giver os målte data om forbrug og komfort, som ingen producent af pumper har adgang til.\n\n' +
    'Projektet ledes af direktør Olga Hansen, civilingeniør i energiteknik, der før Varmeværket var projektleder hos en af Europas største producenter af kompressorer i otte år. ' +
    'Udviklingen af styringen står vores ledende udvikler Adam Hansen for; han har skrevet styringssoftware til fjernvarmecentraler i seks år. ' +
    'Nora Hansen er kvalitetsansvarlig og står for test i husene og for de målinger, der skal dokumentere besparelsen.\n\n' +
    'Vi ansætter en ingeniør med erfaring i regulering og prognosemodeller til projektet. DTU Energi måler pumpens effektivitet i laboratoriet, så vores resultater kan efterprøves af andre.\n\n' +
    'Teamet har således både den tekniske viden om kompressorer og styring, adgangen til rigtige huse og kunder, og erfaringen med at sælge og installere, som projektet kræver.',
  'Innovationen og den tekniske usikkerhed':
    'Varmepumper til parcelhuse styres i dag af en fremløbskurve: jo koldere det er ude, jo varmere vand sender pumpen rundt i huset. Nogle pumper kan slukke i enkelte dyre timer, når elselskabet beder om det, men ingen planlægger deres forbrug et døgn frem ud fra husets egen evne til at holde på varmen.\n\n' +
    'Vores løsning lærer hvert hus at kende. Ud fra målinger af inde- og udetemperatur de første to uger efter installationen beregner styringen, hvor hurtigt huset afgiver varme, og hvor meget varme gulvet og buffertanken kan gemme. ' +
    'Hver eftermiddag henter den næste døgns prognose for vejr og elpris og lægger en plan for, hvornår kompressoren skal køre, og med hvilken effekt.\n\n' +
    'Den tekniske usikkerhed ligger tre steder. For det første ved vi ikke, om modellen af huset er præcis nok efter to uger, eller om den skal justeres løbende gennem sæsonen. ' +
    'For det andet kører kompressoren mindre effektivt ved høj effekt, så en plan, der samler forbruget i få billige timer, kan ende med at bruge mere strøm i alt. ' +
    'For det tredje må komforten ikke falde: temperaturen i stuen skal holde sig inden for et halvt grad af det ønskede.\n\n' +
    'Vi mindsker usikkerheden trinvis: først simulerer vi styringen på målte data fra 40 huse, derefter måler DTU Energi pumpen i laboratoriet ved alle effekter, og til sidst kører prototypen i tre rigtige huse i en hel fyringssæson, hvor vi sammenligner med en almindelig pumpe i tre tilsvarende huse.\n\n' +
    'Uden støtte kan vi ikke bære risikoen alene: projektet koster 2,7 mio. kr., og vi ved først efter fyringssæsonen, om besparelsen holder. Tilskuddet gør det muligt at ansætte ingeniøren og købe målingerne hos DTU nu.',
  'Marked og forretningspotentiale':
    'Der installeres omkring 60.000 varmepumper i danske parcelhuse om året, og tallet ventes at stige, når gasnettet udfases i de næste ti år. I Norge og Sverige er markedet tre gange større. ' +
    'Vores første marked er de omkring 400.000 danske huse med gulvvarme, hvor styringen giver den største besparelse.\n\n' +
    'Kunderne er husejere, der vil have en lav elregning, og som i dag vælger pumpe efter installatørens råd. Vi sælger derfor gennem installatører: vores eget net af 35 samarbejdspartnere i Jylland og på Fyn, og fra 2030 gennem en grossist i hele landet. ' +
    'Pumpen sælges til 92.000 kr. installeret, på niveau med de dyreste pumper i dag, og husejeren sparer omkring 6.000 kr. om året på strøm ved de elpriser, vi har set siden 2022.\n\n' +
    'Forretningsmodellen har to dele: salget af pumpen med et dækningsbidrag på 28 %, og et abonnement på 49 kr. om måneden for prognosestyringen, som også giver os data til at forbedre modellen.\n\n' +
    'Konkurrenterne er de store producenter Vaillant, Bosch og NIBE, som alle tilbyder styring efter elpris, men kun time for time og uden en model af huset. ' +
    'Vi forventer at sælge 400 pumper i 2030 og 1.200 i 2032, hvilket giver en omsætning på 45 mio. kr. tre år efter projektet og 22 nye arbejdspladser i produktion, installation og service.',
  'Samfundsmæssig effekt og tema':
    'Projektet hører under fondens tema grøn teknologi. En varmepumpe, der flytter sit forbrug væk fra de timer, hvor elnettet er mest belastet og strømmen kommer fra de dyreste og mest forurenende værker, gør mere end at spare husejeren penge: den gør det billigere at elektrificere opvarmningen for hele samfundet.\n\n' +
    'Hvis 50.000 huse bruger pumpen i 2035, flyttes omkring 150 GWh om året fra spidslast til timer med vind og sol, og behovet for nye kabler og transformere i de lokale net mindskes. ' +
    'Besparelsen på strøm svarer til omkring 11.000 tons CO₂ om året ved den nuværende elproduktion.\n\n' +
    'Projektet skaber desuden arbejdspladser uden for de store byer: produktionen af styringsenheden og installationen sker i Midtjylland, og vi uddanner installatørerne i vores net til at sætte pumpen op og vedligeholde den.',
};

/** Answers to the sections' inputs, by section title and input label. */
export const sectionAnswers: Record<string, Record<string, string | number | string[]>> = {
  Projektresumé: { 'Projektets titel': 'Halv-strøm-pumpen', 'Projektets startdato': '2027-03-01', 'Projektets slutdato': '2028-08-31' },
  'Virksomheden og teamet': {
    'Antal medarbejdere': 14,
    Nøglepersoner: ['Olga Hansen, direktør og projektleder', 'Adam Hansen, ledende udvikler', 'Nora Hansen, kvalitetsansvarlig'],
  },
  'Innovationen og den tekniske usikkerhed': { 'Eksisterende løsninger, der sammenlignes med': ['Vaillant aroTHERM plus', 'NIBE S2125', 'Bosch Compress 7400i'] },
  'Marked og forretningspotentiale': { 'Forventet omsætning tre år efter projektet (kr.)': 45_000_000 },
  'Samfundsmæssig effekt og tema': { Tema: 'Grøn teknologi' },
};

export const activities = [
  { id: 'a1', activity: 'Simulering af styringen på målte data fra 40 huse', start: '2027-03-01', end: '2027-05-31', outcome: 'Model af husene og den første plan for styringen', milestone: false },
  { id: 'a2', activity: 'Laboratoriemåling af pumpen ved alle effekter', start: '2027-04-01', end: '2027-06-30', outcome: 'Målt virkningsgrad ved 20–100 % effekt (DTU Energi)', milestone: true },
  { id: 'a3', activity: 'Prototype af styringsenheden', start: '2027-05-01', end: '2027-09-15', outcome: 'Styringsenhed, der kører i laboratoriet', milestone: true },
  { id: 'a4', activity: 'Installation i tre testhuse', start: '2027-09-15', end: '2027-10-31', outcome: 'Tre huse med prototype og tre sammenligningshuse med måleudstyr', milestone: false },
  { id: 'a5', activity: 'Test over en fyringssæson', start: '2027-11-01', end: '2028-04-30', outcome: 'Målt forbrug og komfort i alle seks huse', milestone: false },
  { id: 'a6', activity: 'Evaluering og forberedelse af salg', start: '2028-05-01', end: '2028-08-31', outcome: 'Rapport om besparelsen og plan for produktion', milestone: true },
];

export const deliverables = [
  { id: 'd1', title: 'Model for varmetab og varmelager i parcelhuse', due: '2027-05-31', description: 'En model, der efter to ugers målinger beskriver et hus, afprøvet på data fra 40 huse.', activityIds: ['a1'] },
  { id: 'd2', title: 'Målerapport fra DTU Energi', due: '2027-06-30', description: 'Pumpens virkningsgrad ved alle effekter, målt efter EN 14825.', activityIds: ['a2'] },
  { id: 'd3', title: 'Fungerende prototype i tre huse', due: '2027-10-31', description: 'Tre installerede pumper med prognosestyring og fjernaflæsning.', activityIds: ['a3', 'a4'] },
  { id: 'd4', title: 'Slutrapport om besparelse og komfort', due: '2028-08-31', description: 'Målt besparelse på strøm og elregning over en fyringssæson sammenlignet med tre almindelige pumper.', activityIds: ['a5', 'a6'] },
];
