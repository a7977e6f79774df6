/**
 * The per-frame CPU side of a GPU crowd, free of I/O so that an engine can call it every frame.
 * {@link io.github.skinmesh.vat.crowd.CrowdFrames} holds the baked bone frames of a bone-matrix
 * texture ({@link io.github.skinmesh.vat.Vat#bakeBoneTexture}) decoded once;
 * {@link io.github.skinmesh.vat.crowd.Crowd} keeps up to a fixed number of instances, each with
 * its clip, phase, speed and loop mode, and writes one packed buffer of 3x4 skin matrices per
 * frame (float or half, into a {@code float[]}, {@code short[]} or little-endian
 * {@link java.nio.ByteBuffer}), blending the two baked frames around each instance's clip time,
 * optionally on several threads and without allocating; it also places each instance's clip box
 * with the instance's transform. {@link io.github.skinmesh.vat.crowd.CrowdBounds} unites those
 * boxes into the batch's box and culls them against a view frustum.
 */
@NullMarked
package io.github.skinmesh.vat.crowd;

import org.jspecify.annotations.NullMarked;
