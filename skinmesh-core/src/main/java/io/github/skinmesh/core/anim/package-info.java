/**
 * PLACEHOLDER
 */
@NullMarked
package io.github.skinmesh.core.anim;

import org.jspecify.annotations.NullMarked;
