package io.github.skinmesh.core.validate;

import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.TextureRef;
import java.util.List;
import java.util.Map;

/**
 * Checks of submeshes and materials: empty submeshes, materials no submesh uses, and textures
 * that sample a UV channel the mesh does not have. Textures are visited in each material's slot
 * order.
 */
final class MaterialChecks {
    private MaterialChecks() {
    }

    static void run(Mesh mesh, ProblemCollector out) {
        List<Submesh> submeshes = mesh.submeshes();
        List<Material> materials = mesh.materials();
        boolean[] used = new boolean[materials.size()];
        for (int s = 0; s < submeshes.size(); s++) {
            Submesh sm = submeshes.get(s);
            used[sm.materialIndex()] = true;
            if (sm.indexCount() == 0) {
                out.report(Check.EMPTY_SUBMESH, Severity.WARNING, Elements.submesh(s),
                        "has no triangles (first index " + sm.firstIndex() + ", material " + sm.materialIndex() + ")");
            }
        }
        int channels = mesh.uvChannelCount();
        for (int m = 0; m < materials.size(); m++) {
            Material mat = materials.get(m);
            String element = Elements.material(m, mat.name());
            if (!used[m]) {
                out.report(Check.UNUSED_MATERIAL, Severity.WARNING, element, "material " + m + " is used by no submesh");
            }
            for (Map.Entry<String, TextureRef> e : mat.textures().entrySet()) {
                int texCoord = e.getValue().texCoord();
                if (texCoord >= channels && out.accept(Check.MISSING_TEXCOORD, Severity.ERROR)) {
                    out.add(Check.MISSING_TEXCOORD, Severity.ERROR, element, "texture " + Checks.quote(e.getKey())
                            + " samples UV channel " + texCoord + ", expected a channel the mesh has ("
                            + (channels == 0 ? "it has none" : "0.." + (channels - 1)) + ")");
                }
            }
        }
    }
}
