/**
 * Word lists for the demo agency. Brands are fictional; the three demo logins and the small
 * agency's staff are fixed so screenshots, docs and tests can name them.
 */

export type Discipline =
  | "producer"
  | "account"
  | "creative"
  | "art"
  | "copy"
  | "design"
  | "motion"
  | "editor"
  | "finishing"
  | "strategy"
  | "coordinator"
  | "freelance";

export interface PersonSeed {
  username: string;
  email: string;
  title: string;
  discipline: Discipline;
  role: 1 | 2 | 3;
  timezone?: string;
}

/** The three logins every agency size has (owner, admin, member). */
export const DEMO_LOGINS: readonly PersonSeed[] = [
  {
    username: "Olivia Owner",
    email: "owner@demo.test",
    title: "Executive Producer",
    discipline: "producer",
    role: 1,
  },
  {
    username: "Adam Admin",
    email: "admin@demo.test",
    title: "Head of Production",
    discipline: "producer",
    role: 2,
  },
  {
    username: "Maya Member",
    email: "member@demo.test",
    title: "Senior Designer",
    discipline: "design",
    role: 3,
  },
];

/** The rest of the small agency (also present in the bigger ones). */
export const CORE_STAFF: readonly PersonSeed[] = [
  {
    username: "Jordan Reyes",
    email: "jordan.reyes@demo.test",
    title: "Creative Director",
    discipline: "creative",
    role: 3,
  },
  {
    username: "Priya Shah",
    email: "priya.shah@demo.test",
    title: "Senior Copywriter",
    discipline: "copy",
    role: 3,
  },
  {
    username: "Marcus Chen",
    email: "marcus.chen@demo.test",
    title: "Editor",
    discipline: "editor",
    role: 3,
    timezone: "America/Los_Angeles",
  },
  {
    username: "Sofia Alvarez",
    email: "sofia.alvarez@demo.test",
    title: "Producer",
    discipline: "producer",
    role: 3,
  },
  {
    username: "Ethan Brooks",
    email: "ethan.brooks@demo.test",
    title: "Motion Designer",
    discipline: "motion",
    role: 3,
  },
  {
    username: "Hannah Kim",
    email: "hannah.kim@demo.test",
    title: "Art Director",
    discipline: "art",
    role: 3,
  },
  {
    username: "Leo Martins",
    email: "leo.martins@demo.test",
    title: "Account Director",
    discipline: "account",
    role: 3,
    timezone: "Europe/London",
  },
  {
    username: "Nina Petrova",
    email: "nina.petrova@demo.test",
    title: "Colorist",
    discipline: "finishing",
    role: 3,
  },
  {
    username: "Sam Okafor",
    email: "sam.okafor@demo.test",
    title: "Freelance Editor",
    discipline: "freelance",
    role: 3,
  },
];

export const FIRST_NAMES = [
  "Aaliyah",
  "Aaron",
  "Abigail",
  "Adrian",
  "Aisha",
  "Alex",
  "Alina",
  "Amara",
  "Andre",
  "Anika",
  "Ben",
  "Bianca",
  "Caleb",
  "Camila",
  "Carlos",
  "Chloe",
  "Daniel",
  "Daria",
  "David",
  "Elena",
  "Eli",
  "Emma",
  "Felix",
  "Fatima",
  "Gabriel",
  "Grace",
  "Hugo",
  "Imani",
  "Isaac",
  "Isla",
  "Jack",
  "Jade",
  "James",
  "Julia",
  "Kai",
  "Keira",
  "Kenji",
  "Lara",
  "Liam",
  "Lucia",
  "Luca",
  "Mateo",
  "Maria",
  "Mia",
  "Miles",
  "Nadia",
  "Noah",
  "Nora",
  "Omar",
  "Paula",
  "Quinn",
  "Rafael",
  "Rosa",
  "Ruby",
  "Samir",
  "Sara",
  "Theo",
  "Tessa",
  "Victor",
  "Yara",
  "Zane",
  "Zoe",
];

export const LAST_NAMES = [
  "Abbott",
  "Adeyemi",
  "Andersen",
  "Baker",
  "Banerjee",
  "Becker",
  "Bennett",
  "Castillo",
  "Choi",
  "Clarke",
  "Costa",
  "Daniels",
  "Dubois",
  "Ellis",
  "Evans",
  "Fischer",
  "Flores",
  "Foster",
  "Garcia",
  "Gupta",
  "Hansen",
  "Hayes",
  "Hughes",
  "Ito",
  "Jensen",
  "Johansson",
  "Kaur",
  "Keller",
  "Kowalski",
  "Larsen",
  "Lopez",
  "Mensah",
  "Meyer",
  "Moreau",
  "Murphy",
  "Nakamura",
  "Nguyen",
  "Novak",
  "Ortiz",
  "Patel",
  "Perez",
  "Quinn",
  "Ramos",
  "Rossi",
  "Santos",
  "Schmidt",
  "Silva",
  "Singh",
  "Sullivan",
  "Tanaka",
  "Torres",
  "Turner",
  "Vargas",
  "Walsh",
  "Weber",
  "Williams",
  "Yamamoto",
  "Young",
  "Zhang",
  "Zielinski",
];

export const DISCIPLINE_TITLES: Record<Discipline, readonly string[]> = {
  producer: ["Producer", "Senior Producer", "Associate Producer"],
  account: ["Account Director", "Account Manager", "Account Executive"],
  creative: ["Creative Director", "Associate Creative Director"],
  art: ["Art Director", "Senior Art Director"],
  copy: ["Copywriter", "Senior Copywriter"],
  design: ["Designer", "Senior Designer", "Junior Designer"],
  motion: ["Motion Designer", "Animator", "3D Artist"],
  editor: ["Editor", "Senior Editor", "Assistant Editor"],
  finishing: ["Colorist", "Sound Designer", "VFX Artist"],
  strategy: ["Strategist", "Senior Strategist"],
  coordinator: ["Production Coordinator", "Project Coordinator"],
  freelance: ["Freelance Editor", "Freelance Designer", "Freelance Animator", "Freelance Copywriter"],
};

export const DISCIPLINE_WEIGHTS: ReadonlyArray<readonly [Discipline, number]> = [
  ["producer", 11],
  ["account", 7],
  ["creative", 5],
  ["art", 9],
  ["copy", 8],
  ["design", 14],
  ["motion", 8],
  ["editor", 9],
  ["finishing", 5],
  ["strategy", 4],
  ["coordinator", 6],
  ["freelance", 14],
];

/** Assignment task names per discipline ("Design: Key Visual Exploration"). */
export const ASSIGNMENT_PHASES: Record<Discipline, readonly string[]> = {
  producer: ["Project Management", "Budget & Scheduling", "Shoot Production", "Vendor Management"],
  account: ["Client Management", "Status Reporting", "Contract & SOW"],
  creative: ["Creative Direction", "Concept Development", "Creative Reviews"],
  art: ["Art Direction", "Storyboards", "Layout Design", "Shoot Art Direction"],
  copy: ["Scripts & Taglines", "Social Copy", "Manifesto", "Copy Revisions"],
  design: ["Key Visual Exploration", "Layouts", "Social Assets", "Print Adaptations", "Design Revisions"],
  motion: ["Animatic", "Motion Graphics", "End Card Animation", "3D Packshot"],
  editor: ["Offline Edit", "Cutdowns", "Online Conform", "Selects"],
  finishing: ["Color Grade", "Sound Mix", "VFX Cleanup"],
  strategy: ["Strategy Brief", "Audience Research", "Channel Plan"],
  coordinator: ["Production Coordination", "Call Sheets & Logistics", "Trafficking"],
  freelance: ["Freelance Support", "Overflow Edit", "Overflow Design", "Animation Support"],
};

export const ASSIGNMENT_PREFIX: Record<Discipline, string> = {
  producer: "Production",
  account: "Account",
  creative: "Creative",
  art: "Art Direction",
  copy: "Copy",
  design: "Design",
  motion: "Motion",
  editor: "Edit",
  finishing: "Finishing",
  strategy: "Strategy",
  coordinator: "Coordination",
  freelance: "FL",
};

export interface ClientSeed {
  name: string;
  code: string;
}

export const CLIENTS: readonly ClientSeed[] = [
  { name: "Harbor Coffee Co.", code: "HBC" },
  { name: "Northwind Airlines", code: "NWA" },
  { name: "Lumen Bank", code: "LUM" },
  { name: "Velo Bikes", code: "VEL" },
  { name: "Brightwater Insurance", code: "BWI" },
  { name: "Pinecrest Health", code: "PCH" },
  { name: "Orbit Telecom", code: "ORB" },
  { name: "Sable Cosmetics", code: "SAB" },
  { name: "Granite Motors", code: "GRM" },
  { name: "Kestrel Outdoor", code: "KES" },
  { name: "Meridian Hotels", code: "MER" },
  { name: "Juniper Foods", code: "JUN" },
  { name: "Atlas Logistics", code: "ATL" },
  { name: "Coral Bay Resorts", code: "CBR" },
  { name: "Fable Toys", code: "FAB" },
  { name: "Solstice Energy", code: "SOL" },
  { name: "Maple & Rye Bakery", code: "MRB" },
  { name: "Quanta Software", code: "QNT" },
  { name: "Redwood Apparel", code: "RWA" },
  { name: "Acme Snacks", code: "ACM" },
  { name: "Bluebird Pet Care", code: "BPC" },
  { name: "Cobalt Beverages", code: "COB" },
  { name: "Driftwood Furniture", code: "DRF" },
  { name: "Evergreen Grocers", code: "EVG" },
  { name: "Falcon Sports", code: "FAL" },
  { name: "Golden Hour Cinemas", code: "GHC" },
  { name: "Helio Solar", code: "HEL" },
  { name: "Indigo Fashion", code: "IND" },
  { name: "Jetstream Travel", code: "JET" },
  { name: "Kite Mobile", code: "KIT" },
  { name: "Lighthouse Media", code: "LHM" },
  { name: "Moonrise Games", code: "MNG" },
  { name: "Nimbus Cloud", code: "NIM" },
  { name: "Oakline Realty", code: "OAK" },
  { name: "Peregrine Watches", code: "PER" },
  { name: "Quill Publishing", code: "QUI" },
  { name: "Riverstone Wines", code: "RSW" },
  { name: "Summit Outdoors", code: "SUM" },
  { name: "Tidal Fitness", code: "TID" },
  { name: "Urban Nest Homes", code: "UNH" },
  { name: "Vantage Auto Care", code: "VAC" },
  { name: "Willow Skincare", code: "WIL" },
  { name: "Xenon Electronics", code: "XEN" },
  { name: "Yellowtail Seafood", code: "YTS" },
  { name: "Zephyr Airlines", code: "ZEP" },
  { name: "Aurora Dairy", code: "AUR" },
  { name: "Beacon Credit Union", code: "BCU" },
  { name: "Crescent Hospitality", code: "CRH" },
  { name: "Delta Pharmacy", code: "DPH" },
  { name: "Emberwood Candles", code: "EMB" },
];

export const CAMPAIGNS: readonly string[] = [
  "Spring Launch",
  "Summer Sale",
  "Holiday Campaign",
  "Brand Refresh",
  "Back to School",
  "Loyalty Relaunch",
  "Product Launch",
  "Always-On Social",
  "Big Game Spot",
  "Sponsorship Activation",
  "Anniversary Campaign",
  "New Store Openings",
  "App Launch",
  "Rebrand Rollout",
  "Influencer Series",
  "Sustainability Story",
  "Recruitment Campaign",
  "Q4 Retail Push",
  "Customer Stories",
  "Launch Film",
  "Tentpole Promo",
  "Seasonal Menu",
  "Awareness Flight",
  "Year in Review",
  "Podcast Series",
  "Trade Show Kit",
  "Packaging Redesign",
  "Website Relaunch",
  "Fall Collection",
  "Price Promise",
];

export const AGENCY_NAMES: readonly string[] = [
  "Brightline Creative",
  "Northbound & Co.",
  "Foxglove Studio",
  "Kettle & Crane",
  "Saltwater Creative",
  "Ironwood Collective",
  "Lantern House Creative",
  "Parallel Lines Agency",
];

export const MILESTONE_SCHEDULE: ReadonlyArray<readonly [string, number]> = [
  ["Kickoff", 0],
  ["Creative Review", 0.2],
  ["Client Approval", 0.35],
  ["Pre-Pro Meeting", 0.45],
  ["Shoot", 0.55],
  ["Rough Cut Review", 0.7],
  ["Client Approval - Final Cut", 0.85],
  ["Final Delivery", 1],
];

export const DELIVERABLES: readonly string[] = [
  ":30 Hero Spot",
  ":15 Cutdown",
  ":06 Bumper",
  "OOH Billboard 48-sheet",
  "Social Carousel (IG)",
  "Key Visual",
  "Print Ad - Full Page",
  "Radio Spot :30",
  "Display Banners Set",
  "Vertical Video 9x16",
  "Landing Page Design",
  "Email Template",
  "In-Store POS Kit",
  "Case Study Film",
  "Brand Guidelines",
];

export const DELIVERABLE_TYPES = [
  "Video",
  "Print",
  "Social",
  "OOH",
  "Digital",
  "Audio",
  "Experiential",
] as const;

export const ASSETS: readonly string[] = [
  "Storyboard",
  "Animatic",
  "Key Visual",
  "Hero Edit",
  "Social Cutdown",
  "Banner 300x250",
  "Banner 728x90",
  "Product Packshot",
  "Logo Lockup",
  "End Card",
  "Poster Layout",
  "Script",
  "Mood Board",
  "Style Frames",
  "Music Track",
];

export const REVISION_NOTES: readonly string[] = [
  "client feedback",
  "legal notes",
  "logo size",
  "color notes",
  "copy changes",
  "timing tweaks",
  "music swap",
  "product shot update",
  "typo fixes",
  "CD comments",
];

export const ACTION_ITEMS: readonly string[] = [
  "Send revised estimate to client",
  "Book VO talent",
  "Confirm location permits",
  "Circulate call sheet",
  "Upload deliverables to client portal",
  "Schedule internal review",
  "Request brand assets from client",
  "Clear music license",
  "Confirm casting shortlist",
  "Send PO to production company",
  "Collect legal approvals",
  "Archive project files",
  "Update production schedule",
  "Share contact report",
  "Order props",
];

export const OTHER_TASKS: readonly string[] = [
  "Research references",
  "Internal review",
  "Prep presentation deck",
  "Music search",
  "Competitive audit",
  "Asset handoff",
  "Color pass",
  "Subtitles & captions",
  "Versioning matrix",
  "QC deliverables",
  "Retouching",
  "Font licensing",
  "Location scouting",
  "Wardrobe fitting",
  "Render exports",
  "Stock image search",
];

/** The producer's status update on a project's meta task ("Status Update" field), by phase. */
export const STATUS_UPDATES = {
  bid: [
    "Bid submitted; awaiting decision.",
    "Treatment and estimate due to the client on Friday.",
    "Client asked for a revised bid with one shoot day fewer.",
  ],
  creative: [
    "Waiting on client feedback on round 2 storyboards.",
    "Scope change requested for social cutdowns - estimate in progress.",
    "Concepts presented; client picked route B, refining this week.",
  ],
  production: [
    "Shoot locked; call sheet goes out tomorrow.",
    "Budget approved. Kicking off casting this week.",
    "Location recce done; tech scout on Monday.",
  ],
  post: [
    "Rough cut delivered; client review scheduled for Thursday.",
    "Legal review pending on supers; holding final conform.",
    "On track. Final delivery confirmed with the media agency.",
  ],
  completed: ["Wrapped and archived."],
} as const satisfies Record<string, readonly string[]>;

export const TIME_DESCRIPTIONS: readonly string[] = [
  "",
  "",
  "",
  "Design exploration",
  "Client call",
  "Internal review",
  "Revisions per client notes",
  "Edit pass",
  "Prep for presentation",
  "Team sync",
  "Feedback round",
  "Exports and QC",
  "Concepting",
  "Status meeting",
];

export const INTERNAL_TASKS: readonly string[] = [
  "Weekly status meeting",
  "Timesheets & admin",
  "Studio maintenance",
  "Training & learning",
  "Portfolio update",
  "Agency newsletter",
  "Team offsite planning",
  "IT & software setup",
];

export const LEADERSHIP_TASKS: readonly string[] = [
  "Q3 revenue forecast",
  "Hiring: Senior Editor",
  "Freelancer rate review",
  "Annual reviews",
  "Insurance renewal",
  "Office lease negotiation",
];

export const SHOOT_LOCATIONS: ReadonlyArray<{ address: string; lat: number; lng: number }> = [
  { address: "Silvercup Studios, 42-22 22nd St, Long Island City, NY", lat: 40.7483, lng: -73.9431 },
  { address: "Brooklyn Navy Yard, Brooklyn, NY", lat: 40.7003, lng: -73.9713 },
  { address: "Sunset Gower Studios, Los Angeles, CA", lat: 34.0949, lng: -118.3213 },
  { address: "Griffith Park, Los Angeles, CA", lat: 34.1366, lng: -118.2942 },
];
