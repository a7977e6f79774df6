/** skinmesh-vat: the API arrives with its issue; see the package documentation of {@code io.github.skinmesh.vat}. */
module io.github.skinmesh.vat {
    requires transitive io.github.skinmesh.core;
    requires static transitive org.jspecify;
}
