package io.github.skinmesh.core.validate;

import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import java.util.List;

/**
 * Checks of a skinned mesh's draw calls against a renderer's bone limit, and of draw palette
 * entries that no vertex of the draw uses (a wasted slot of a limited palette). Weights are read
 * in any slot order; only slots of weight {@code > 0} count as use.
 *
 * <p>One pass over each draw's indices; a stamp per vertex visits each vertex's slots once per
 * draw. Allocates one int per vertex and one per palette entry, and only when a submesh has draws.
 */
final class DrawChecks {
    private DrawChecks() {
    }

    static void run(Mesh mesh, ValidateOptions options, ProblemCollector out) {
        Skin skin = mesh.skin();
        if (skin == null) {
            return; // the mesh allows draws only with a skin
        }
        int limit = options.maxBonesPerDraw();
        boolean anyDraws = mesh.hasDraws();
        if (limit == 0 && !anyDraws) {
            return;
        }
        List<Submesh> submeshes = mesh.submeshes();
        ModelAccess.Bridge raw = ModelAccess.get();
        BoneWeights bw = skin.weights();
        int k = bw.influencesPerVertex();
        int[] joints = raw.joints(bw);
        float[] weights = raw.weights(bw);
        int[] indices = raw.indices(mesh);
        int[] usedBy = new int[anyDraws ? skin.paletteSize() : 0];
        int[] visitedBy = new int[anyDraws ? mesh.vertexCount() : 0];
        int stamp = 0;
        for (int s = 0; s < submeshes.size(); s++) {
            Submesh sub = submeshes.get(s);
            if (!sub.hasDraws()) {
                if (limit > 0 && sub.indexCount() > 0 && skin.paletteSize() > limit
                        && out.accept(Check.DRAW_PALETTE_SIZE, Severity.ERROR)) {
                    out.add(Check.DRAW_PALETTE_SIZE, Severity.ERROR, Elements.submesh(s), "has no draws, so it is"
                            + " drawn with the whole palette of " + skin.paletteSize() + " bones, expected at most "
                            + limit + " (maxBonesPerDraw); split it into draws");
                }
                continue;
            }
            List<Draw> draws = sub.draws();
            for (int d = 0; d < draws.size(); d++) {
                Draw draw = draws.get(d);
                String element = Elements.draw(s, d);
                if (limit > 0 && draw.paletteEntryCount() > limit
                        && out.accept(Check.DRAW_PALETTE_SIZE, Severity.ERROR)) {
                    out.add(Check.DRAW_PALETTE_SIZE, Severity.ERROR, element, "binds " + draw.paletteEntryCount()
                            + " palette entries, expected at most " + limit + " (maxBonesPerDraw)");
                }
                stamp++;
                for (int i = draw.firstIndex(), end = i + draw.indexCount(); i < end; i++) {
                    int v = indices[i];
                    if (visitedBy[v] == stamp) {
                        continue;
                    }
                    visitedBy[v] = stamp;
                    for (int slot = v * k, last = slot + k; slot < last; slot++) {
                        if (weights[slot] > 0f) {
                            usedBy[joints[slot]] = stamp;
                        }
                    }
                }
                for (int slot = 0; slot < draw.paletteEntryCount(); slot++) {
                    int e = draw.paletteEntry(slot);
                    if (usedBy[e] != stamp && out.accept(Check.UNUSED_DRAW_ENTRY, Severity.WARNING)) {
                        out.add(Check.UNUSED_DRAW_ENTRY, Severity.WARNING, element, "binds palette entry " + e
                                + " (bone " + Checks.quote(skin.boneName(e)) + ") in slot " + slot
                                + ", which no vertex of the draw weights");
                    }
                }
            }
        }
    }
}
