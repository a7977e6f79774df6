/** Helpers shared by the testkit's generators; not API and not exported. */
@NullMarked
package io.github.skinmesh.testkit.internal;

import org.jspecify.annotations.NullMarked;
