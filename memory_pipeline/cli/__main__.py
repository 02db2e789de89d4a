from memory_pipeline.cli import main

raise SystemExit(main())
