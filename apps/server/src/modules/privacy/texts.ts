import type { Language } from '@brigade/shared';

/** The words of the register's workbook, in the asker's language. */
const words = {
  fr: {
    fileName: 'registre-incidents-confidentialite',
    sheetName: 'Incidents',
    title: 'Registre des incidents de confidentialité',
    columns: [
      'N°',
      "Date de l'incident",
      'Date de connaissance',
      'Description',
      'Renseignements personnels visés',
      'Nombre de personnes visées',
      'Personnes visées',
      'Risque de préjudice sérieux',
      'Évaluation du risque',
      "Avis à la Commission d'accès à l'information",
      'Avis aux personnes concernées',
      'Mesures prises',
      'Inscrit par',
      'Inscrit le',
      'Modifié le',
    ],
    yes: 'Oui',
    no: 'Non',
    notSent: 'Non transmis',
    empty: 'Aucun incident inscrit.',
  },
  en: {
    fileName: 'confidentiality-incident-register',
    sheetName: 'Incidents',
    title: 'Register of confidentiality incidents',
    columns: [
      'No.',
      'Date of the incident',
      'Date known',
      'Description',
      'Personal information involved',
      'Number of people affected',
      'People affected',
      'Risk of serious injury',
      'Risk assessment',
      "Notice to the Commission d'accès à l'information",
      'Notice to the people affected',
      'Measures taken',
      'Recorded by',
      'Recorded on',
      'Changed on',
    ],
    yes: 'Yes',
    no: 'No',
    notSent: 'Not sent',
    empty: 'No incident recorded.',
  },
} as const;

export const registerWords = (language: Language) => words[language];
