package dev.recall.store;

/**
 * The random id a store is given when it is created. Derived indexes carry it, so one that belongs to another
 * store (a copied or swapped directory) is told apart from this store's own.
 */
public final class StoreIdentity {
    private final Database db;

    public StoreIdentity(Database db) {
        this.db = db;
    }

    public String id() {
        return db.read(c -> {
            try (var st = c.createStatement();
                    var rs = st.executeQuery("SELECT store_id FROM recall_store_identity WHERE id = 1")) {
                if (!rs.next()) {
                    throw new StoreException("database " + db.file() + " has no store identity");
                }
                return rs.getString(1);
            }
        });
    }
}
