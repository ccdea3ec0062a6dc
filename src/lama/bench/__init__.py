"""The benchmarks, in one home: they measure the project, and nothing of the project imports
them but the command line. W1, the rules core's and the fast engine's speed (w1, `lama
bench`; its compiled kernels stay with the engine, lama.fast.w1); the search bots' playouts
(rollouts, `lama bench-rollouts`); the learning environments' steps (env and vector, `lama
bench-env`); and the load client that plays many tables against a real `lama serve` (load,
`lama loadtest`: a client of the server, never part of it)."""
