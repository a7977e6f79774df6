/**
 * skinmesh core: the exception hierarchy shared by every module.
 *
 * <p>The model types live in {@link io.github.skinmesh.core.model}; the functions over them in
 * one package per operation family ({@code anim}, {@code skinning}, {@code weights},
 * {@code validate}).
 */
@NullMarked
package io.github.skinmesh.core;

import org.jspecify.annotations.NullMarked;
