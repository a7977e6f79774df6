/**
 * Byte-level building blocks of skinmesh's binary readers and writers:
 * {@link io.github.skinmesh.core.io.LittleEndianWriter}, the little-endian encoder that the glTF
 * writer, the command line's raw outputs and the other binary formats share.
 */
@NullMarked
package io.github.skinmesh.core.io;

import org.jspecify.annotations.NullMarked;
