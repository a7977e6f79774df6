/**
 * The {@code skinmesh} command line.
 */
@NullMarked
package io.github.skinmesh.cli;

import org.jspecify.annotations.NullMarked;
