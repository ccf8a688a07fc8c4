package difffuzz

import (
	"crypto/sha256"
	"fmt"
	"testing"
)

// familySeeds are scripts recorded before the block families registered one way
// (main b7ae13d1, session 50's generator): the SHA-256 of Generate's SQL for seed and
// profile with the known bugs off. The families' own sources keep them: with the
// constructs added since off, a seed's script is session 50's byte for byte.
var familySeeds = []struct {
	seed    int64
	profile Profile
	sha     string
}{
	{1, ProfileGeneral, "142d627f16338af1f7e743857033a218996617729eb282bcec506c537833a770"},
	{2, ProfileGeneral, "1b9d2d99c5f298ce6a503cf3126999e33d2c295aa4fdbcd9c172498357d2c76e"},
	{3, ProfileGeneral, "2d9ed1690a9bf7390be32c6b56e57e11b017e493ef5aaf3d4370836c38ceb986"},
	{10, ProfileGeneral, "1fd4efec62201dc6c435ac8db5a7039c0de0a7fe8f5a46aa3b5da7c1e04617df"},
	{157705, ProfileGeneral, "550f72513e3d007941abf9b6ce4b0ff53dc61fb5e816168a1414ebc959b0d975"},
	{157811, ProfileGeneral, "713ac296d064a29f9f1d9e0d72cffd7aa353dafdf23e70c2c08b08c0b32d0ac5"},
	{162500, ProfileGeneral, "74a89038e3c34045e3c35ae47d24c8bc140441f994b629668215e8942e2e7c34"},
	{162501, ProfileGeneral, "cd19646f35a899f538976e4985b310c18d7af8e477880661040dc94d693e0864"},
	{162502, ProfileGeneral, "1f49427de8a434cc0b1aa813e90541169552cb9b79d17a855b8817b68900ee94"},
	{1, ProfileLoadData, "05fde6c57fcd814a9ca7a8b2d87b6b38a6134c89395c7dcb1489b78c7df2d7a6"},
	{2, ProfileLoadData, "db92be300b3b50d8c4993c0a8ad380cdf3f3af1ca6c8481a966e5e444569a56a"},
	{3, ProfileLoadData, "55971af06f4380cdceaa6780b61d93d7cb1682ed1b0e04d8407a1d9419ebb0b6"},
	{10, ProfileLoadData, "fd362610976dcb95e7b60a2c3bd63cafad191ef963265413ebbe00dc695464a1"},
	{157705, ProfileLoadData, "fc35ce70f54d05307b777b934ceb509a2ee75afb9a4d38042935d66859953875"},
	{157811, ProfileLoadData, "e409e4240dcd3c1e8cab4a967814726b43188807adc197e348c7b4887721cea3"},
	{162500, ProfileLoadData, "9dada776c9f7d0b18bf554aa0015d4eff8cd6a30cefc8096d3c0268c88c89e95"},
	{162501, ProfileLoadData, "ab4ef08daa22fdbcf9c5a83724fc038fbef7a764458e558904cafd05c84e610c"},
	{162502, ProfileLoadData, "1c4321ada6feceb3aeac6775ae058be79be1e452f1aa168093326e639ffe4d0e"},
	{1, ProfileFilter, "2230462bb104bbae3d16d7cb4880745a26f76c3ac1b4112a40e5c20d3efb155a"},
	{2, ProfileFilter, "b387cc6f31d4448bbe08fdeaec803ba7120ba2e9958ddc078ebe1b195edd565b"},
	{3, ProfileFilter, "032fb4391358a9b763366848e0ccce3cf7e8fff20206288b43144132a646577f"},
	{10, ProfileFilter, "f2c47039a87adc052b62734e33d5a5bb12a14e23a6275f21cf4dba2152ca8d54"},
	{157705, ProfileFilter, "31eac28466865d9761ff52d8e79def956621c54518a73621c022f2f4414cba91"},
	{157811, ProfileFilter, "cb74cbb2c4f436762c51435103fdf7b48164ff2798f4eac0cdcbc2ce4c88d0a7"},
	{162500, ProfileFilter, "078a34345446816ece32462816278d3a1bb03cb0297f1856c2298e5918b6efc6"},
	{162501, ProfileFilter, "422f4b8253b0190a3c32673332f16007ff87c5460ac39b5fe01a9ced7ce6ae66"},
	{162502, ProfileFilter, "7c5b834d99fdcd180c999d54f518fc302cc03241bb841b0949063c294956e4b7"},
}

// TestFamiliesKeepSeeds: the recorded seeds' scripts are what they were, with the
// constructs added since off (--off known,<the x-fuzz6 constructs> reproduces a seed of
// session 50's).
func TestFamiliesKeepSeeds(t *testing.T) {
	off := append(append(append(append([]Construct(nil), KnownBugs...), S51Constructs...), S52Constructs...), S54Constructs...)
	for _, s := range familySeeds {
		sum := fmt.Sprintf("%x", sha256.Sum256(Generate(s.seed, Config{Off: off, Profile: s.profile}).SQL()))
		if sum != s.sha {
			t.Errorf("seed %d profile %v: script changed (sha256 %s, recorded %s)", s.seed, s.profile, sum, s.sha)
		}
	}
}
