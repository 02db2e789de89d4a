"""Data: job-title head nouns (lib/change_roles.py reads a title by its last word: "data engineer")."""

JOB_NOUNS = frozenset(
    {"engineer", "developer", "programmer", "designer", "manager", "teacher", "doctor", "nurse", "scientist",
     "analyst", "consultant", "student", "lawyer", "attorney", "architect", "writer", "author", "researcher",
     "professor", "lecturer", "accountant", "intern", "founder", "cofounder", "co-founder", "ceo", "cto",
     "cfo", "coo", "vp", "director", "lead", "freelancer", "contractor", "administrator", "sysadmin",
     "journalist", "artist", "musician", "chef", "pilot", "pharmacist", "dentist", "therapist",
     "psychologist", "photographer", "translator", "librarian", "mechanic", "electrician", "plumber",
     "carpenter", "firefighter", "officer", "recruiter", "marketer", "entrepreneur", "postdoc", "tutor",
     "coach", "physician", "surgeon", "veterinarian", "paramedic", "technician", "specialist", "advocate",
     "executive", "assistant", "secretary", "clerk", "cashier", "waiter", "waitress", "barista",
     "bartender", "driver", "farmer", "retiree", "editor", "economist", "statistician", "mathematician",
     "physicist", "chemist", "biologist", "strategist", "copywriter", "sre", "tester", "owner"}
)  # fmt: skip
