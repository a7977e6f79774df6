package io.github.skinmesh.vat.keys;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.vat.VatClip;
import org.jspecify.annotations.Nullable;

/**
 * The dense sampling of a clip: every frame posed once through {@link CharacterPoser} and kept
 * (12 bytes per vertex-frame, 24 with normals), and further poses at any time on request.
 *
 * <p>Frames and their times are {@link VatClip#frameCount} and {@link VatClip#frameTime}: the
 * rule of the animation textures, so both sample a clip at the same times. Not thread-safe: it owns the
 * poser.
 */
final class ClipPoses {
    final CharacterPoser poser;
    final PosedVertices out;
    final int vertexCount;
    final int frameCount;
    final float[] times;
    /** Positions of frame {@code f} at {@code [3*vertexCount*f, 3*vertexCount*(f+1))}. */
    final float[] positions;
    /** Normals, laid out as the positions; null without normals. */
    final float @Nullable [] normals;

    /** One key pose: its time and where its positions (and normals) are. */
    record Key(float time, float[] positions, int offset, float @Nullable [] normals) {
    }

    private ClipPoses(CharacterPoser poser, int vertexCount, int frameCount, float[] times, float[] positions,
            float @Nullable [] normals) {
        this.poser = poser;
        this.out = poser.newOutput();
        this.vertexCount = vertexCount;
        this.frameCount = frameCount;
        this.times = times;
        this.positions = positions;
        this.normals = normals;
    }

    /**
     * Poses every frame. The caller has checked that {@code 3 * vertexCount * frames} fits an array.
     */
    static ClipPoses sample(CharacterPoser poser, int vertexCount, int frames, float fps, boolean withNormals,
            String where, Progress progress) {
        float duration = poser.duration();
        float[] times = new float[frames];
        int v3 = 3 * vertexCount;
        float[] positions = new float[v3 * frames];
        float[] normals = withNormals ? new float[v3 * frames] : null;
        ClipPoses poses = new ClipPoses(poser, vertexCount, frames, times, positions, normals);
        String stage = "sampling " + (poser.clip() == null ? "" : poser.clip().name());
        for (int f = 0; f < frames; f++) {
            progress.checkCancelled(where);
            times[f] = VatClip.frameTime(f, frames, fps, duration);
            poses.poseInto(times[f], positions, normals, v3 * f);
            progress.update(stage, f + 1, frames);
        }
        return poses;
    }

    private void poseInto(float time, float[] dstPositions, float @Nullable [] dstNormals, int offset) {
        poser.poseInto(time, out);
        out.positionsInto(dstPositions, offset);
        if (dstNormals != null) {
            int o = offset;
            for (int p = 0; p < out.partCount(); p++) {
                float[] n = out.normals(p);
                System.arraycopy(n, 0, dstNormals, o, n.length);
                o += n.length;
            }
        }
    }

    /** @return frame {@code f} as a key */
    Key frame(int f) {
        return new Key(times[f], positions, 3 * vertexCount * f, normals);
    }

    /** @return the pose at {@code time} as a key, in new arrays */
    Key at(float time) {
        float[] p = new float[3 * vertexCount];
        float[] n = normals == null ? null : new float[3 * vertexCount];
        poseInto(time, p, n, 0);
        return new Key(time, p, 0, n);
    }
}
