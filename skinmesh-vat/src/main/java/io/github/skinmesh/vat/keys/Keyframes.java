package io.github.skinmesh.vat.keys;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import java.util.List;
import java.util.Objects;

/**
 * Bakes a clip into keyframes in vertex channels, for devices without vertex texture fetch: the
 * clip is split into segments, each a mesh whose extra vertex attributes hold 4 key poses, and a
 * vertex shader interpolates them with the cubic through the 4 keys at the segment's key times
 * (uniforms from the segment table).
 *
 * <p>Every pose comes from {@link io.github.skinmesh.core.anim.CharacterPoser}, the one posing
 * path, in the character's model space. The clip is sampled densely (frame {@code f} at
 * {@code min(f / fps, duration)}, the last frame at the duration exactly); segments start and end
 * on frames and span at least {@value #MIN_SEGMENT_INTERVALS} frame intervals; a segment's first and last keys are its first and
 * last frames, so neighbouring segments share the boundary pose exactly, and its two inner key
 * times are searched to minimize the largest position error over its frames (never more than with
 * the inner keys at the thirds; see {@link KeySegment#thirdsMaxError()}).
 *
 * <p>Segment count: forced ({@link KeyframeOptions#withSegments}: equal frame counts within one
 * frame), or automatic: from the clip's start, each segment is made as long as the tolerance
 * allows (the end frame is found by doubling the length and then bisecting, taking the longest
 * length tried whose searched error is within the tolerance), so where the motion is slow the
 * segments are long; a segment of the shortest length that still exceeds the tolerance is kept
 * and its error reported.
 *
 * <p>Vertex layout of each segment mesh: attributes {@code KEY_POSITION_0} to {@code KEY_POSITION_3}
 * ({@link #positionAttribute}), 3 floats per vertex each, and with normals {@code KEY_NORMAL_0} to
 * {@code KEY_NORMAL_3} ({@link #normalAttribute}); glTF files carry them as custom attributes
 * {@code _KEY_POSITION_0} ... The decode is {@link KeyframeDecoder}, mirrored by the shader
 * functions shipped as resources {@code io/github/skinmesh/vat/skinmesh_keys.glsl} and
 * {@code skinmesh_keys.hlsl} ({@link #glslSource()}, {@link #hlslSource()}).
 *
 * <pre>{@code
 * KeyframeResult keys = Keyframes.bake(hero, hero.clip("walk"), KeyframeOptions.DEFAULTS, Progress.NONE);
 * GltfWriter.writeGlb(keys.character(), Path.of("walk.keys.glb"));
 * System.out.println(keys.segments().size() + " segments, max error " + keys.maxError());
 * }</pre>
 *
 * <p>Thread-safe: the functions only read their immutable arguments. A bake keeps every frame's
 * exact pose (12 bytes per vertex-frame, 24 with normals) and allocates the meshes.
 */
public final class Keyframes {
    /** Key poses per segment. */
    public static final int KEYS = 4;
    /**
     * Fewest frame intervals of the dense sampling a segment spans: with its 4 keys on frames, at
     * least 3 of its frames lie between them, so the measured error sees the interpolation.
     */
    public static final int MIN_SEGMENT_INTERVALS = 6;
    /** Largest number of frames of the dense sampling. */
    public static final int MAX_FRAMES = 1 << 20;
    /** Name prefix of the key position attributes: {@code KEY_POSITION_0} ... {@code KEY_POSITION_3}. */
    public static final String POSITION_PREFIX = "KEY_POSITION_";
    /** Name prefix of the key normal attributes: {@code KEY_NORMAL_0} ... {@code KEY_NORMAL_3}. */
    public static final String NORMAL_PREFIX = "KEY_NORMAL_";

    private Keyframes() {
    }

    /**
     * @param key 0..3
     * @return the name of that key's position attribute, {@code KEY_POSITION_<key>}
     * @throws IndexOutOfBoundsException when {@code key} is not 0..3
     */
    public static String positionAttribute(int key) {
        return POSITION_PREFIX + Objects.checkIndex(key, KEYS);
    }

    /**
     * @param key 0..3
     * @return the name of that key's normal attribute, {@code KEY_NORMAL_<key>}
     * @throws IndexOutOfBoundsException when {@code key} is not 0..3
     */
    public static String normalAttribute(int key) {
        return NORMAL_PREFIX + Objects.checkIndex(key, KEYS);
    }

    /**
     * The GLSL decode functions ({@code skinmesh_keys.glsl}, GLSL ES 1.00 and later): the text of the
     * resource beside the vertex animation texture functions. Read through this method, the
     * resource is found on the module path too, where a package's resources are not open to other
     * modules.
     *
     * @return the source text
     * @throws java.io.UncheckedIOException when the resource cannot be read (a broken jar)
     */
    public static String glslSource() {
        return resource("skinmesh_keys.glsl");
    }

    /**
     * The HLSL decode functions ({@code skinmesh_keys.hlsl}, shader model 2.0 and later), as
     * {@link #glslSource()}.
     *
     * @return the source text
     * @throws java.io.UncheckedIOException when the resource cannot be read (a broken jar)
     */
    public static String hlslSource() {
        return resource("skinmesh_keys.hlsl");
    }

    private static String resource(String name) {
        try (java.io.InputStream in = io.github.skinmesh.vat.Vat.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new java.io.UncheckedIOException(new java.io.FileNotFoundException(
                        "io/github/skinmesh/vat/" + name + " is missing from the skinmesh-vat jar"));
            }
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * Bakes a clip of every part of a character.
     *
     * @param character the character; its parts are baked in order
     * @param clip the clip (need not be one of the character's)
     * @param options sampling rate, segments, tolerance, streams
     * @param progress one update per sampled frame, then per segment found; cancels between them
     * @return the meshes, the segment table and the errors
     * @throws ValidationException as {@link #bake(Skeleton, List, AnimationClip, KeyframeOptions, Progress)}
     * @throws io.github.skinmesh.core.CancelledException when {@code progress} is cancelled
     */
    public static KeyframeResult bake(Character character, AnimationClip clip, KeyframeOptions options,
            Progress progress) {
        Objects.requireNonNull(character, "character");
        return KeyframeBaker.bake(character.skeleton(), character.parts(), clip, options, progress);
    }

    /**
     * Bakes a clip of some parts.
     *
     * @param skeleton the skeleton the parts and the clip refer to
     * @param parts the parts; vertex {@code v} of part {@code p} is vertex {@code v} plus the
     *     vertices of the parts before it in every segment mesh
     * @param clip the clip
     * @param options sampling rate, segments, tolerance, streams
     * @param progress one update per sampled frame, then per segment found; cancels between them
     * @return the meshes, the segment table and the errors
     * @throws ValidationException when there is no part or no vertex, the clip is empty (no
     *     channels), its duration is 0, it has fewer than {@value #MIN_SEGMENT_INTERVALS} frame
     *     intervals at the rate, or fewer than that per forced segment (each message gives the numbers and the rate or count
     *     that would do), more than {@value #MAX_FRAMES} frames, the kept poses would not fit an
     *     array, normals are asked for and a part has none, the interpolation overflows the float
     *     range, or as {@link io.github.skinmesh.core.anim.CharacterPoser#bind(Skeleton, List,
     *     AnimationClip, io.github.skinmesh.core.anim.PoserOptions)} and
     *     {@link io.github.skinmesh.core.mesh.Meshes#concat}
     * @throws io.github.skinmesh.core.CancelledException when {@code progress} is cancelled
     */
    public static KeyframeResult bake(Skeleton skeleton, List<Part> parts, AnimationClip clip,
            KeyframeOptions options, Progress progress) {
        return KeyframeBaker.bake(skeleton, parts, clip, options, progress);
    }
}
