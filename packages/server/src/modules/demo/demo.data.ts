/** Static material for demo data: people, titles and texts that look like a Lima beauty studio. */
import type { CallSubject } from '@belleza/contract';

export const DEMO_EMAIL_DOMAIN = 'demo.bellezaenvivo.pe';
export const DEMO_PASSWORD = 'demo1234';

export type DemoAdvisorProfile = {
  key: string;
  name: string;
  title: string;
  expertise: string[];
  bio: string;
  phone: string;
  isAdmin: boolean;
  /** listed in the landing's team */
  showOnLanding: boolean;
  /** relative share of the calls this advisor answers */
  weight: number;
};

export const demoAdvisorProfiles: readonly DemoAdvisorProfile[] = [
  {
    key: 'valeria.rojas',
    name: 'Valeria Rojas',
    title: 'Estilista sénior',
    expertise: ['Colorimetría', 'Cortes modernos', 'Balayage'],
    bio: 'Doce años transformando looks en salones de Miraflores y San Isidro.',
    phone: '+51 987 120 341',
    isAdmin: false,
    showOnLanding: true,
    weight: 1.5,
  },
  {
    key: 'camila.torres',
    name: 'Camila Torres',
    title: 'Especialista en cuidado de la piel',
    expertise: ['Rutinas faciales', 'Piel grasa y acné', 'Antiedad'],
    bio: 'Cosmiatra certificada; diseña rutinas sencillas para cada tipo de piel.',
    phone: '+51 986 554 210',
    isAdmin: false,
    showOnLanding: true,
    weight: 1.3,
  },
  {
    key: 'lucia.fernandez',
    name: 'Lucía Fernández',
    title: 'Maquilladora profesional',
    expertise: ['Maquillaje de novia', 'Maquillaje de noche', 'Automaquillaje'],
    bio: 'Maquilladora de pasarela y de novias; enseña técnicas fáciles para el día a día.',
    phone: '+51 981 332 908',
    isAdmin: false,
    showOnLanding: true,
    weight: 1.1,
  },
  {
    key: 'sofia.mendoza',
    name: 'Sofía Mendoza',
    title: 'Estilista',
    expertise: ['Peinados', 'Tratamientos capilares', 'Keratina'],
    bio: 'Especialista en recuperar cabellos dañados por el sol y los tintes.',
    phone: '+51 984 761 005',
    isAdmin: false,
    showOnLanding: false,
    weight: 1.0,
  },
  {
    key: 'mariana.castillo',
    name: 'Mariana Castillo',
    title: 'Especialista en uñas',
    expertise: ['Manicure', 'Uñas acrílicas', 'Nail art'],
    bio: 'Diseños de uñas a medida y cuidado de cutículas sin salir de casa.',
    phone: '+51 989 204 667',
    isAdmin: false,
    showOnLanding: true,
    weight: 0.9,
  },
  {
    key: 'daniela.vargas',
    name: 'Daniela Vargas',
    title: 'Dermocosmetóloga',
    expertise: ['Protección solar', 'Manchas', 'Piel sensible'],
    bio: 'Te ayuda a elegir productos según tu piel y el clima de Lima.',
    phone: '+51 982 918 433',
    isAdmin: false,
    showOnLanding: false,
    weight: 0.8,
  },
  {
    key: 'andrea.quispe',
    name: 'Andrea Quispe',
    title: 'Colorista',
    expertise: ['Tintes', 'Mechas', 'Cabello rizado'],
    bio: 'Colorista apasionada por los tonos cálidos y el cabello rizado natural.',
    phone: '+51 985 447 120',
    isAdmin: false,
    showOnLanding: false,
    weight: 0.7,
  },
  {
    key: 'gabriela.huaman',
    name: 'Gabriela Huamán',
    title: 'Asesora de imagen',
    expertise: ['Asesoría de imagen', 'Maquillaje natural', 'Colorimetría personal'],
    bio: 'Encuentra contigo los colores y estilos que mejor te quedan.',
    phone: '+51 983 690 552',
    isAdmin: false,
    showOnLanding: false,
    weight: 0.6,
  },
  {
    key: 'admin',
    name: 'Carolina Paredes',
    title: 'Administradora',
    expertise: ['Gestión del equipo', 'Atención al cliente'],
    bio: 'Coordina al equipo de asesoras y atiende consultas cuando hay alta demanda.',
    phone: '+51 980 100 200',
    isAdmin: true,
    showOnLanding: false,
    weight: 0.3,
  },
];

export const firstNames = [
  'María',
  'Rosa',
  'Carmen',
  'Ana',
  'Lucía',
  'Patricia',
  'Julia',
  'Elena',
  'Claudia',
  'Fiorella',
  'Milagros',
  'Karina',
  'Jimena',
  'Alejandra',
  'Paola',
  'Diana',
  'Natalia',
  'Gianella',
  'Romina',
  'Ximena',
  'Luis',
  'Jorge',
  'Carlos',
  'Renzo',
  'Diego',
] as const;

export const lastNames = [
  'García',
  'Rodríguez',
  'Flores',
  'Sánchez',
  'Ramírez',
  'Chávez',
  'Díaz',
  'Torres',
  'Gonzales',
  'Vásquez',
  'Mendoza',
  'Ramos',
  'Castro',
  'Huamán',
  'Quispe',
  'Mamani',
  'Espinoza',
  'Salazar',
  'Gutiérrez',
  'Romero',
] as const;

export const subjectWeights: readonly (readonly [CallSubject, number])[] = [
  ['hair_care', 40],
  ['skin_care', 25],
  ['makeup', 15],
  ['nail_care', 10],
  ['general', 10],
];

export const messagesBySubject: Record<CallSubject, readonly string[]> = {
  hair_care: [
    'Tengo el cabello muy seco por el tinte, ¿qué tratamiento me recomiendan?',
    'Quiero hacerme un balayage pero no sé qué tono me queda.',
    'Se me cae mucho el cabello últimamente.',
    'Busco un corte moderno para cabello rizado.',
    '',
  ],
  skin_care: [
    'Tengo la piel mixta y me salen granitos en la frente.',
    '¿Qué protector solar uso para el verano en Lima?',
    'Quiero empezar una rutina antiedad sencilla.',
    'Tengo manchas en las mejillas después del verano.',
    '',
  ],
  nail_care: [
    'Se me quiebran las uñas, ¿qué me recomiendan?',
    '¿Qué diseño de uñas va con un vestido verde esmeralda?',
    'Quiero dejar el acrílico y recuperar mis uñas naturales.',
    '',
  ],
  makeup: [
    'Me caso en marzo y quiero probar opciones de maquillaje.',
    'Necesito un maquillaje natural para el trabajo.',
    '¿Cómo hago para que el maquillaje dure toda la noche?',
    '',
  ],
  general: [
    'Quisiera una asesoría general de imagen.',
    'No sé por dónde empezar, quiero renovar mi look.',
    'Consulta sobre productos para uñas quebradizas.',
    '',
  ],
};

export const ratingComments = [
  'Excelente asesoría, muy amable.',
  'Me ayudó muchísimo, gracias.',
  'Muy buenos consejos, volveré a consultar.',
  'Todo claro y rápido.',
  'La llamada se cortó un poco, pero la asesora fue muy atenta.',
] as const;

export const advisorNotes = [
  'Clienta con cabello teñido; recomendé mascarilla de hidratación semanal y protector térmico.',
  'Piel mixta con brotes en zona T. Sugerí limpiador suave y niacinamida.',
  'Interesada en balayage tono miel. Agendar visita presencial para prueba de mechón.',
  'Maquillaje de novia: prefiere acabado natural. Enviar lista de productos.',
  'Uñas quebradizas: recomendé aceite de cutícula y pausa de esmaltado semigel.',
  'Volver a contactar en dos semanas para ver resultados de la rutina.',
  'Protector solar FPS 50 con color, reaplicar a mediodía.',
] as const;
