/**
 * Benchmark workloads, built exactly as the project's workload definitions say (SplitMix64 seeds,
 * draw order, sizes), so that JMH figures can be compared with the published anchors.
 */
@NullMarked
package io.github.skinmesh.testkit.workloads;

import org.jspecify.annotations.NullMarked;
