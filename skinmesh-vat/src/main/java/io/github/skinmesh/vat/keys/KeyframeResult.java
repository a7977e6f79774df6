package io.github.skinmesh.vat.keys;

import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What {@link Keyframes#bake} produced: one mesh per segment carrying its 4 key poses in vertex
 * attributes, the segment table, and the measured errors.
 *
 * <p>Mesh {@code s} has the streams of the baked parts (concatenated in part order, in the
 * character's model space): positions and normals are those of key 0, tangents, skin and morph
 * targets are left out (the keys carry the deformation), UVs, colors, materials and submeshes are
 * kept, and the attributes {@code KEY_POSITION_0..3} (and {@code KEY_NORMAL_0..3}) hold the key
 * poses, 3 floats per vertex each.
 *
 * <p>Errors are distances in model units between a position {@link KeyframeDecoder} decodes and
 * the exactly skinned one, at every frame of the dense sampling. {@link #maxError()} and
 * {@link #rmsError()} take each frame once, decoded by the segment the decoder plays it with; each
 * segment's errors cover its frames, both ends included.
 *
 * <p>Immutable and thread-safe.
 */
public final class KeyframeResult {
    private final String clipName;
    private final float duration;
    private final float fps;
    private final int frameCount;
    private final int vertexCount;
    private final boolean normals;
    private final boolean autoSegments;
    private final float tolerance;
    private final double absoluteTolerance;
    private final List<KeySegment> segments;
    private final List<Mesh> meshes;
    private final double maxError;
    private final double rmsError;
    private final double normalMaxErrorDegrees;
    private final List<String> warnings;

    KeyframeResult(String clipName, float duration, float fps, int frameCount, int vertexCount, boolean normals,
            boolean autoSegments, float tolerance, double absoluteTolerance, List<KeySegment> segments,
            List<Mesh> meshes, double maxError, double rmsError, double normalMaxErrorDegrees, List<String> warnings) {
        this.clipName = clipName;
        this.duration = duration;
        this.fps = fps;
        this.frameCount = frameCount;
        this.vertexCount = vertexCount;
        this.normals = normals;
        this.autoSegments = autoSegments;
        this.tolerance = tolerance;
        this.absoluteTolerance = absoluteTolerance;
        this.segments = List.copyOf(segments);
        this.meshes = List.copyOf(meshes);
        this.maxError = maxError;
        this.rmsError = rmsError;
        this.normalMaxErrorDegrees = normalMaxErrorDegrees;
        this.warnings = List.copyOf(warnings);
    }

    /** @return the baked clip's name */
    public String clipName() {
        return clipName;
    }

    /** @return the clip's duration in seconds, the last segment's end */
    public float duration() {
        return duration;
    }

    /** @return the rate of the dense sampling, frames per second */
    public float fps() {
        return fps;
    }

    /** @return the frames of the dense sampling, {@code ceil(duration * fps) + 1} */
    public int frameCount() {
        return frameCount;
    }

    /** @return the vertices of each segment mesh */
    public int vertexCount() {
        return vertexCount;
    }

    /** @return whether the keys hold normals */
    public boolean hasNormals() {
        return normals;
    }

    /** @return whether the segment count was chosen by the tolerance (else it was forced) */
    public boolean autoSegments() {
        return autoSegments;
    }

    /** @return the relative tolerance of the options (used only when {@link #autoSegments()}) */
    public float tolerance() {
        return tolerance;
    }

    /**
     * @return the tolerance in model units that each segment was held to when {@link #autoSegments()}:
     *     the relative tolerance times the diagonal of the box of every sampled position, at least 16
     *     float ulps of the largest coordinate; NaN for a forced count
     */
    public double absoluteTolerance() {
        return absoluteTolerance;
    }

    /** @return the segment table, in time order, read-only */
    public List<KeySegment> segments() {
        return segments;
    }

    /** @return one mesh per segment, in table order, read-only */
    public List<Mesh> meshes() {
        return meshes;
    }

    /** @return the largest error at any frame, each frame decoded by the segment that plays it */
    public double maxError() {
        return maxError;
    }

    /** @return the root mean square error over every frame and vertex */
    public double rmsError() {
        return rmsError;
    }

    /** @return the largest angle in degrees between a decoded and an exact normal, NaN without normals */
    public double normalMaxErrorDegrees() {
        return normalMaxErrorDegrees;
    }

    /** @return what the bake tolerated (streams left out, poser warnings), read-only */
    public List<String> warnings() {
        return warnings;
    }

    /** @return a decoder over the meshes, as the shaders decode them */
    public KeyframeDecoder decoder() {
        return KeyframeDecoder.of(this);
    }

    /**
     * The segment meshes as a character a file writer takes: named after the clip, a skeleton
     * without bones of the same name, one rigid part per segment in table order named as its mesh,
     * no clips.
     *
     * @return the character
     */
    public Character character() {
        Skeleton none = Skeleton.of(clipName, new String[0], new int[0], new float[0], new float[0], new float[0]);
        List<Part> parts = new ArrayList<>();
        for (Mesh m : meshes) {
            parts.add(Part.of(m.name(), m));
        }
        return Character.of(clipName, none, parts, List.of());
    }

    /**
     * The segment table and the errors as JSON: the public format of the project's keys document
     * ({@code "format": "skinmesh-keys"}), two-space indented, keys in a fixed order, a final
     * newline. Equal results give equal text on every JDK.
     *
     * @return the JSON text
     */
    public String toJson() {
        return KeyTableJson.write(this);
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof KeyframeResult)) {
            return false;
        }
        KeyframeResult r = (KeyframeResult) o;
        return clipName.equals(r.clipName) && Float.compare(duration, r.duration) == 0 && Float.compare(fps, r.fps) == 0
                && frameCount == r.frameCount && vertexCount == r.vertexCount && normals == r.normals
                && autoSegments == r.autoSegments && Float.compare(tolerance, r.tolerance) == 0
                && Double.compare(absoluteTolerance, r.absoluteTolerance) == 0 && segments.equals(r.segments)
                && meshes.equals(r.meshes) && Double.compare(maxError, r.maxError) == 0
                && Double.compare(rmsError, r.rmsError) == 0
                && Double.compare(normalMaxErrorDegrees, r.normalMaxErrorDegrees) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(clipName, duration, fps, frameCount, vertexCount, segments, meshes, maxError, rmsError);
    }

    @Override
    public String toString() {
        return "KeyframeResult[clip \"" + clipName + "\", " + segments.size() + " segments, " + vertexCount
                + " vertices, maxError " + maxError + "]";
    }
}
