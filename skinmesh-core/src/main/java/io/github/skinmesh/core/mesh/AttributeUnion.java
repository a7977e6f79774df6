package io.github.skinmesh.core.mesh;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.VertexAttribute;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The union of meshes' extra vertex attributes by name, in order of first appearance; meshes
 * that share a name must agree on its component count.
 */
final class AttributeUnion {
    final List<String> names = new ArrayList<>();
    final List<Integer> componentCounts = new ArrayList<>();

    private AttributeUnion() {
    }

    static AttributeUnion of(List<Mesh> meshes) {
        AttributeUnion u = new AttributeUnion();
        Map<String, Integer> united = new HashMap<>();
        List<Integer> owner = new ArrayList<>();
        for (int i = 0; i < meshes.size(); i++) {
            for (VertexAttribute a : meshes.get(i).attributes()) {
                Integer index = united.get(a.name());
                if (index == null) {
                    united.put(a.name(), u.names.size());
                    u.names.add(a.name());
                    u.componentCounts.add(a.componentCount());
                    owner.add(i);
                } else if (u.componentCounts.get(index) != a.componentCount()) {
                    int first = owner.get(index);
                    throw new ValidationException(Meshes.CONCAT + ": vertex attribute " + Checks.quote(a.name())
                            + " has " + u.componentCounts.get(index) + " components in "
                            + Meshes.describe(first, meshes.get(first)) + " and " + a.componentCount() + " in "
                            + Meshes.describe(i, meshes.get(i)) + ", expected the same component count");
                }
            }
        }
        return u;
    }

    int size() {
        return names.size();
    }
}
