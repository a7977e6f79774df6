/** skinmesh-testkit: procedural characters and seeded random data for tests and benchmarks. */
module io.github.skinmesh.testkit {
    requires transitive io.github.skinmesh.core;
    requires transitive io.github.skinmesh.atlas;
    requires static transitive org.jspecify;

    exports io.github.skinmesh.testkit;
    exports io.github.skinmesh.testkit.humanoid;
    exports io.github.skinmesh.testkit.random;
    exports io.github.skinmesh.testkit.workloads;
}
