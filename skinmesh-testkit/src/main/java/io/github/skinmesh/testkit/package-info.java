/**
 * Procedural characters and seeded random model data for tests and benchmarks.
 */
@NullMarked
package io.github.skinmesh.testkit;

import org.jspecify.annotations.NullMarked;
