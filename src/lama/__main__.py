from lama.cli import main

raise SystemExit(main())
